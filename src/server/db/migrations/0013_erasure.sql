ALTER TABLE "reports" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erasure_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_erasure_pending_idx" ON "users" USING btree ("erasure_started_at") WHERE "users"."erasure_started_at" is not null and "users"."erased_at" is null;