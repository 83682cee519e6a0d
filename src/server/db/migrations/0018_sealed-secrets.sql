-- Issue 38 §1 (decision 140): the provider's state held token values in the clear. It is dropped
-- (everyone signs in once more) and stored from now on under a hashed id with a sealed payload.
DELETE FROM "oidc_payloads";--> statement-breakpoint
ALTER TABLE "oidc_payloads" DROP COLUMN "payload";--> statement-breakpoint
ALTER TABLE "oidc_payloads" ADD COLUMN "payload" bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_payloads" ADD COLUMN "kek_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_payloads" ADD COLUMN "account_id" text;--> statement-breakpoint
CREATE INDEX "oidc_payloads_account_idx" ON "oidc_payloads" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "server_secrets" ALTER COLUMN "value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "server_secrets" ADD COLUMN "sealed" bytea;--> statement-breakpoint
ALTER TABLE "server_secrets" ADD COLUMN "kek_id" text;
