CREATE TABLE "ended_sign_ins" (
	"user_id" uuid NOT NULL,
	"sign_in_id" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ended_sign_ins_user_id_sign_in_id_pk" PRIMARY KEY("user_id","sign_in_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_ended_by" text;--> statement-breakpoint
ALTER TABLE "ended_sign_ins" ADD CONSTRAINT "ended_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sign_ins_ended_idx" ON "ended_sign_ins" USING btree ("ended_at");