-- Issue 40 §1 (decision 202): the table of records is named for what it holds. Renamed in place, so
-- the rows, their ids and every foreign key stay; constraint, index and trigger names follow the new
-- table name, as drizzle-kit would name them on a fresh database. Plain PostgreSQL, also on PGlite.
ALTER TABLE "reports" RENAME TO "life_records";--> statement-breakpoint
ALTER TABLE "life_records" RENAME CONSTRAINT "reports_pkey" TO "life_records_pkey";--> statement-breakpoint
ALTER TABLE "life_records" RENAME CONSTRAINT "reports_client_users_id_fk" TO "life_records_client_users_id_fk";--> statement-breakpoint
ALTER TABLE "life_records" RENAME CONSTRAINT "reports_organization_id_organizations_id_fk" TO "life_records_organization_id_organizations_id_fk";--> statement-breakpoint
ALTER TABLE "life_records" RENAME CONSTRAINT "reports_inventory_type_id_inventory_types_id_fk" TO "life_records_inventory_type_id_inventory_types_id_fk";--> statement-breakpoint
ALTER TABLE "life_records" RENAME CONSTRAINT "reports_purchase_id_purchases_id_fk" TO "life_records_purchase_id_purchases_id_fk";--> statement-breakpoint
ALTER TABLE "life_records" RENAME CONSTRAINT "reports_form_version_fk" TO "life_records_form_version_fk";--> statement-breakpoint
ALTER INDEX "reports_client_idx" RENAME TO "life_records_client_idx";--> statement-breakpoint
ALTER INDEX "reports_organization_idx" RENAME TO "life_records_organization_idx";--> statement-breakpoint
ALTER INDEX "reports_unassigned_idx" RENAME TO "life_records_unassigned_idx";--> statement-breakpoint
ALTER INDEX "reports_created_idx" RENAME TO "life_records_created_idx";--> statement-breakpoint
ALTER INDEX "reports_form_version_idx" RENAME TO "life_records_form_version_idx";--> statement-breakpoint
ALTER TRIGGER "reports_pin_form_version" ON "life_records" RENAME TO "life_records_pin_form_version";--> statement-breakpoint
-- Newer servers (and PGlite) catalogue NOT NULL constraints by name too, "reports_<column>_not_null";
-- older servers have none, so they are renamed by what the catalogue holds.
DO $$
DECLARE
  old_name text;
BEGIN
  FOR old_name IN SELECT conname FROM pg_constraint
    WHERE conrelid = '"life_records"'::regclass AND conname LIKE 'reports\_%'
  LOOP
    EXECUTE format('ALTER TABLE "life_records" RENAME CONSTRAINT %I TO %I', old_name,
      'life_records' || substr(old_name, length('reports') + 1));
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "books" RENAME CONSTRAINT "books_record_id_reports_id_fk" TO "books_record_id_life_records_id_fk";--> statement-breakpoint
ALTER TABLE "invitations" RENAME CONSTRAINT "invitations_report_id_reports_id_fk" TO "invitations_report_id_life_records_id_fk";--> statement-breakpoint
ALTER TABLE "mail_failures" RENAME CONSTRAINT "mail_failures_record_id_reports_id_fk" TO "mail_failures_record_id_life_records_id_fk";--> statement-breakpoint
ALTER TABLE "record_migrations" RENAME CONSTRAINT "record_migrations_report_id_reports_id_fk" TO "record_migrations_report_id_life_records_id_fk";--> statement-breakpoint
ALTER TABLE "recordings" RENAME CONSTRAINT "recordings_report_id_reports_id_fk" TO "recordings_report_id_life_records_id_fk";--> statement-breakpoint
ALTER TABLE "reminders" RENAME CONSTRAINT "reminders_record_id_reports_id_fk" TO "reminders_record_id_life_records_id_fk";--> statement-breakpoint
ALTER TABLE "report_generations" RENAME CONSTRAINT "report_generations_report_id_reports_id_fk" TO "report_generations_report_id_life_records_id_fk";
