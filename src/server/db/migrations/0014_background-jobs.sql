CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"person_id" uuid,
	"progress" real DEFAULT 0 NOT NULL,
	"progress_note" text,
	"progress_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "background_jobs_person_idx" ON "background_jobs" USING btree ("person_id");