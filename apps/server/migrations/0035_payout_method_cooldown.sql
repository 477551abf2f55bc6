-- The withdrawal allowlist (issue 25). A payout method is usable from `usable_at`: its save time plus the
-- `withdraw_method_cooldown_h` cool-down in force then; methods saved before this were usable at once, so they
-- keep their save time. Removing a method keeps its row (withdrawals name it) and stamps `removed_at`; the same
-- destination saved again is a new method with its own cool-down, so the one-per-fingerprint rule counts live
-- methods only. `security_changed_at` is the last password change or reset or two-factor reset: withdrawals
-- pause for the same cool-down after it.
ALTER TABLE "withdrawal_methods" ADD COLUMN "usable_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "withdrawal_methods" SET "usable_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "withdrawal_methods" ALTER COLUMN "usable_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawal_methods" ADD COLUMN "removed_at" timestamp with time zone;
--> statement-breakpoint
DROP INDEX "withdrawal_methods_user_fingerprint";
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_methods_user_fingerprint" ON "withdrawal_methods" USING btree ("user_id","fingerprint") WHERE "removed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "security_changed_at" timestamp with time zone;
