CREATE TABLE "mail_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid,
	"job_id" uuid,
	"reason" text NOT NULL,
	"attempts" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"frequency" text DEFAULT 'off' NOT NULL,
	"day" integer DEFAULT 0 NOT NULL,
	"time" text DEFAULT '18:00' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"one_question" boolean DEFAULT false NOT NULL,
	"snoozed_until" timestamp with time zone,
	"next_send_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_period" text,
	"job_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_frequency_check" CHECK ("reminders"."frequency" in ('off', 'weekly', 'biweekly', 'monthly')),
	CONSTRAINT "reminders_day_check" CHECK ("reminders"."day" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "suggest_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_failures" ADD CONSTRAINT "mail_failures_record_id_reports_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_record_id_reports_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_failures_failed_idx" ON "mail_failures" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reminders_owner_idx" ON "reminders" USING btree ("owner_id");