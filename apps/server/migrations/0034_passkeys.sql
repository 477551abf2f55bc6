-- Issue 25: customers' passkeys (WebAuthn). One row per credential: its id and COSE public key (base64url),
-- the signature counter last seen (a lower or equal one is refused as a cloned authenticator), the transports
-- the browser reported, the customer's name for it, when it was added and last used.
CREATE TABLE "customer_passkeys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint NOT NULL,
	"transports" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_passkeys_credential" ON "customer_passkeys" USING btree ("credential_id");
--> statement-breakpoint
CREATE INDEX "customer_passkeys_user" ON "customer_passkeys" USING btree ("user_id");
--> statement-breakpoint
-- Challenges the server issued, each claimed once by the response that signs it, and only while fresh.
CREATE TABLE "passkey_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" bigint REFERENCES "public"."users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "passkey_challenges_created" ON "passkey_challenges" USING btree ("created_at");
