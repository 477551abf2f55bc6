-- Issue 25: customers' two-factor sign-in. One TOTP row per customer: the secret sealed with the platform key
-- (pending until a first code confirms it), when it was turned on, and the last 30-s step accepted (each code
-- once). Recovery codes are HMAC fingerprints, each used once.
CREATE TABLE "customer_totp" (
	"user_id" bigint PRIMARY KEY NOT NULL REFERENCES "public"."users"("id"),
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint
);
--> statement-breakpoint
CREATE TABLE "customer_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_recovery_codes_user_hash" ON "customer_recovery_codes" USING btree ("user_id","code_hash");
