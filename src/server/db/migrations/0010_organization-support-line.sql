ALTER TABLE "organizations" ADD COLUMN "support_text" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "support_phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "support_url" text;