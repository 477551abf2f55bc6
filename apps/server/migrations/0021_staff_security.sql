-- Staff sign-in that a regulated broker can defend (issue 13): a forced password change, TOTP two-factor
-- with one-time recovery codes, and sessions an operator can see and end.
--
-- 1. admins: the generated password must be replaced at first sign-in (the bootstrap `admin` and every
-- colleague created or reset by a superadmin); the TOTP secret is sealed with the platform key
-- (platform/secrets.ts, AES-256-GCM bound to the admin id); a pending secret waits for its first code; the
-- last accepted 30-s step makes each code good once. Existing accounts keep their password (nobody can tell a
-- generated one from a chosen one here); finance, compliance and superadmin must still enrol TOTP before any
-- decision, which the server enforces per request.
ALTER TABLE "admins" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_enrolled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "last_login_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_totp_enrolled" CHECK (("totp_secret" IS NULL) = ("totp_enrolled_at" IS NULL));
--> statement-breakpoint
-- 2. Ten recovery codes per enrolment, each a keyed hash (HMAC under the platform key, never the code), used
-- once. A new enrolment replaces the set.
CREATE TABLE "admin_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL REFERENCES "public"."admins"("id"),
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_recovery_codes_admin_hash" ON "admin_recovery_codes" USING btree ("admin_id","code_hash");
--> statement-breakpoint
-- 3. Sessions say where they came from, so "sign out that one" means something; and are found per admin.
ALTER TABLE "admin_sessions" ADD COLUMN "ip" text;
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
CREATE INDEX "admin_sessions_admin" ON "admin_sessions" USING btree ("admin_id");
