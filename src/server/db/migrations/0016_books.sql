CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"format" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress_per_mille" integer DEFAULT 0 NOT NULL,
	"request" "bytea" NOT NULL,
	"file" "bytea",
	"file_bytes" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "books_format_check" CHECK ("books"."format" in ('pdf', 'docx', 'epub')),
	CONSTRAINT "books_state_check" CHECK ("books"."state" in ('queued', 'active', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_record_id_reports_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_owner_created_idx" ON "books" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_expires_idx" ON "books" USING btree ("expires_at");