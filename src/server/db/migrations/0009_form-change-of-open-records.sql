ALTER TABLE "record_migrations" ADD COLUMN "answer_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "record_migrations" ADD COLUMN "row_version_undone" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "form_changed_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "record_migrations_report_idx" ON "record_migrations" USING btree ("report_id","row_version_after");--> statement-breakpoint
-- Issue 26 §3: records migrated before this knew no such version; their last migration is it.
UPDATE "reports" r SET "form_changed_version" = m.after
  FROM (SELECT "report_id", max("row_version_after") AS after FROM "record_migrations" GROUP BY "report_id") m
  WHERE m."report_id" = r."id";
