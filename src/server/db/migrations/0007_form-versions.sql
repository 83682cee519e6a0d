CREATE TABLE "inventory_type_versions" (
	"inventory_type_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"form" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	CONSTRAINT "inventory_type_versions_inventory_type_id_number_pk" PRIMARY KEY("inventory_type_id","number"),
	CONSTRAINT "inventory_type_versions_number_positive" CHECK ("inventory_type_versions"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "record_migrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"from_type_id" uuid NOT NULL,
	"from_version" integer NOT NULL,
	"to_type_id" uuid NOT NULL,
	"to_version" integer NOT NULL,
	"previous_data" jsonb NOT NULL,
	"previous_answer_versions" jsonb NOT NULL,
	"row_version_after" integer NOT NULL,
	"migrated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "form_version" integer;--> statement-breakpoint
ALTER TABLE "inventory_type_versions" ADD CONSTRAINT "inventory_type_versions_inventory_type_id_inventory_types_id_fk" FOREIGN KEY ("inventory_type_id") REFERENCES "public"."inventory_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_type_versions" ADD CONSTRAINT "inventory_type_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_migrations" ADD CONSTRAINT "record_migrations_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_migrations" ADD CONSTRAINT "record_migrations_migrated_by_users_id_fk" FOREIGN KEY ("migrated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_migrations_batch_idx" ON "record_migrations" USING btree ("batch_id");--> statement-breakpoint
-- Issue 12: every type's form as it stands becomes its version 1, and every record is pinned to it.
INSERT INTO "inventory_type_versions" ("inventory_type_id", "number", "form", "published_at")
  SELECT "id", 1, "form", "updated_at" FROM "inventory_types";--> statement-breakpoint
UPDATE "reports" SET "form_version" = 1;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_form_version_fk" FOREIGN KEY ("inventory_type_id","form_version") REFERENCES "public"."inventory_type_versions"("inventory_type_id","number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_form_version_idx" ON "reports" USING btree ("inventory_type_id","form_version","id");--> statement-breakpoint
-- Issue 12 / decision 100: a record is pinned to its type's latest published version when it is
-- created without one, when a writer sets its version to null (the admin-app §5 migration moves
-- records to another type that way), and when an unanswered credit is given to a person (so a new
-- invite gets the newest version). A type never published publishes its form as version 1 on first
-- use. In the database, so that no writer can leave a record unpinned.
CREATE FUNCTION "pin_record_form_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest integer;
BEGIN
  IF NEW.form_version IS NOT NULL THEN
    IF TG_OP = 'INSERT' OR NEW.form_version IS DISTINCT FROM OLD.form_version
       OR NEW.inventory_type_id IS DISTINCT FROM OLD.inventory_type_id
       OR NOT (OLD.client IS NULL AND NEW.client IS NOT NULL AND (NEW.data - 'steps') = '{}'::jsonb) THEN
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
$$;--> statement-breakpoint
CREATE TRIGGER "reports_pin_form_version" BEFORE INSERT OR UPDATE OF "inventory_type_id", "client", "form_version" ON "reports"
  FOR EACH ROW EXECUTE FUNCTION "pin_record_form_version"();
