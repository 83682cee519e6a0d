-- Issue 30 §1 (decision 130): answers, narratives, generations' texts and migrations' previous
-- answers are stored sealed (AES-256-GCM under the record's data key). The plaintext columns are
-- kept, renamed legacy_*, only until the start-up sealing (sealLegacyRows) has emptied them.
ALTER TABLE "reports" DROP CONSTRAINT "reports_data_is_object";--> statement-breakpoint
ALTER TABLE "reports" RENAME COLUMN "data" TO "legacy_data";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "legacy_data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "legacy_data" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "data" bytea;--> statement-breakpoint
ALTER TABLE "reports" RENAME COLUMN "report" TO "legacy_report";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "report" bytea;--> statement-breakpoint
ALTER TABLE "report_generations" RENAME COLUMN "response" TO "legacy_response";--> statement-breakpoint
ALTER TABLE "report_generations" ALTER COLUMN "legacy_response" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_generations" ADD COLUMN "response" bytea;--> statement-breakpoint
ALTER TABLE "record_migrations" RENAME COLUMN "previous_data" TO "legacy_previous_data";--> statement-breakpoint
ALTER TABLE "record_migrations" ALTER COLUMN "legacy_previous_data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "record_migrations" ADD COLUMN "previous_data" bytea;--> statement-breakpoint
-- The pinning trigger (0007) recognised an unanswered record by its plaintext answers; the database
-- can no longer read them, so: no answer was ever saved (answer_versions stamps every saved key) and
-- no plaintext is left but the form's steps.
CREATE OR REPLACE FUNCTION "pin_record_form_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest integer;
BEGIN
  IF NEW.form_version IS NOT NULL THEN
    IF TG_OP = 'INSERT' OR NEW.form_version IS DISTINCT FROM OLD.form_version
       OR NEW.inventory_type_id IS DISTINCT FROM OLD.inventory_type_id
       OR NOT (OLD.client IS NULL AND NEW.client IS NOT NULL
               AND (NEW.answer_versions - 'steps') = '{}'::jsonb
               AND (NEW.legacy_data IS NULL OR (NEW.legacy_data - 'steps') = '{}'::jsonb)) THEN
      RETURN NEW;
    END IF;
  END IF;
  SELECT max(v.number) INTO latest FROM inventory_type_versions v WHERE v.inventory_type_id = NEW.inventory_type_id;
  IF latest IS NULL THEN
    INSERT INTO inventory_type_versions (inventory_type_id, number, form)
      SELECT t.id, 1, t.form FROM inventory_types t WHERE t.id = NEW.inventory_type_id
      ON CONFLICT DO NOTHING;
    latest := 1;
  END IF;
  NEW.form_version := latest;
  RETURN NEW;
END
$$;
