-- Issue 25: what a customer's security page shows of each session (the address and user agent it signed in
-- from), the one-time link a new-device e-mail carries to sign that session out (its hash, and when it was
-- used), the devices a customer has signed in from (a hashed token the browser keeps), and the customer's
-- anti-phishing phrase shown at the top of every e-mail.
ALTER TABLE "sessions" ADD COLUMN "ip" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoke_link_hash" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoke_link_used_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_revoke_link_hash" ON "sessions" USING btree ("revoke_link_hash");
--> statement-breakpoint
CREATE TABLE "customer_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_devices_token_hash" ON "customer_devices" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "customer_devices_user" ON "customer_devices" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anti_phishing_phrase" text;
