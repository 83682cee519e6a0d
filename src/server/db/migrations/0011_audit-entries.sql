CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_role" text NOT NULL,
	"actor_organization" text,
	"subject_id" uuid,
	"record_id" uuid,
	"action" text NOT NULL,
	"provider" text,
	"model" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" USING btree ("subject_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_record_idx" ON "audit_entries" USING btree ("record_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_seq_idx" ON "audit_entries" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
-- Issue 29 §1 (decision 122): entries are append-only for the application. A row trigger refuses
-- UPDATE and DELETE, a statement trigger TRUNCATE; plpgsql is built into PostgreSQL and PGlite.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_change" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
