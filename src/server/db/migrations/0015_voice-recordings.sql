CREATE TABLE "recording_parts" (
	"recording_id" uuid NOT NULL,
	"start" bigint NOT NULL,
	"length" integer NOT NULL,
	"sealed" "bytea",
	CONSTRAINT "recording_parts_recording_id_start_pk" PRIMARY KEY("recording_id","start")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"answer_key" text NOT NULL,
	"owner_id" uuid,
	"mime_type" text NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"size" bigint,
	"received" bigint DEFAULT 0 NOT NULL,
	"storage" text DEFAULT 'database' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "recordings_storage_check" CHECK ("recordings"."storage" in ('database', 's3'))
);
--> statement-breakpoint
ALTER TABLE "recording_parts" ADD CONSTRAINT "recording_parts_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_report_idx" ON "recordings" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "recordings_unfinished_idx" ON "recordings" USING btree ("expires_at") WHERE "recordings"."finished_at" is null;