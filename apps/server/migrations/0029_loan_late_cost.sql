-- Loans a lender would offer (issue 24, DESIGN §1.11). A loan left unpaid past its repayment date costs what its
-- agreement said: the `loan_overdue_daily_rate` in force when the agreement was issued is written into it and
-- copied onto the loan (0 for loans signed before this: their agreements stated no late cost). The late cost
-- accrues once per loan and whole day past the date (one row per day, the primary key makes a second run or a
-- second node add nothing) on the principal still unpaid, into what is owed. Repayment is automatic from the
-- due date on, from cash, possibly in parts: one ledger entry per repayment, each row kept. Payments go to
-- interest and late cost first, then principal; the running totals on the loan only ever grow.
ALTER TABLE "loan_agreements" ADD COLUMN "overdue_rate_ppm" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "overdue_rate_ppm" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "late_charge_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "paid_principal_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "paid_income_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A loan repaid before this migration was repaid whole, in one entry.
UPDATE "loans" SET "paid_principal_minor" = "amount_minor", "paid_income_minor" = "interest_minor" WHERE "status" = 'repaid';
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_paid" CHECK (
  "overdue_rate_ppm" >= 0 AND "overdue_rate_ppm" <= 10000 AND "late_charge_minor" >= 0
  AND "paid_principal_minor" >= 0 AND "paid_principal_minor" <= "amount_minor"
  AND "paid_income_minor" >= 0 AND "paid_income_minor" <= "interest_minor" + "late_charge_minor"
  AND ("status" <> 'repaid' OR ("paid_principal_minor" = "amount_minor" AND "paid_income_minor" = "interest_minor" + "late_charge_minor"))
);
--> statement-breakpoint
CREATE TABLE "loan_late_charges" (
	"loan_id" bigint NOT NULL REFERENCES "public"."loans"("id"),
	-- Day n past the repayment date (1 = the first whole day).
	"day" integer NOT NULL,
	"principal_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "loan_late_charges_pk" PRIMARY KEY ("loan_id", "day"),
	CONSTRAINT "loan_late_charges_amounts" CHECK ("day" >= 1 AND "principal_minor" > 0 AND "amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" bigint NOT NULL REFERENCES "public"."loans"("id"),
	"entry_id" bigint NOT NULL REFERENCES "public"."journal_entries"("id"),
	"principal_minor" bigint NOT NULL,
	"income_minor" bigint NOT NULL,
	-- 'auto': taken from cash at or after the due date; 'customer': the customer's repayLoan.
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "loan_repayments_amounts" CHECK ("principal_minor" >= 0 AND "income_minor" >= 0 AND "principal_minor" + "income_minor" > 0),
	CONSTRAINT "loan_repayments_source" CHECK ("source" IN ('auto', 'customer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_entry" ON "loan_repayments" USING btree ("entry_id");
--> statement-breakpoint
CREATE INDEX "loan_repayments_loan" ON "loan_repayments" USING btree ("loan_id", "id");
--> statement-breakpoint
-- The reminders sent before a loan's repayment date (3 days and 1 day before): each once.
CREATE TABLE "loan_notices" (
	"loan_id" bigint NOT NULL REFERENCES "public"."loans"("id"),
	"kind" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "loan_notices_pk" PRIMARY KEY ("loan_id", "kind"),
	CONSTRAINT "loan_notices_kind" CHECK ("kind" IN ('due_in_3d', 'due_in_1d'))
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loans_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a loan is never deleted (loan %)', OLD.id;
  END IF;
  -- A loan being repaid or overdue may stay in its status while its late cost and repayments grow.
  IF NOT ((OLD.status = 'pending' AND NEW.status IN ('rejected', 'repaying'))
       OR (OLD.status = 'repaying' AND NEW.status IN ('repaying', 'overdue', 'repaid'))
       OR (OLD.status = 'overdue' AND NEW.status IN ('overdue', 'repaid'))) THEN
    RAISE EXCEPTION 'a loan cannot go from % to % (loan %)', OLD.status, NEW.status, OLD.id;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.product_id, NEW.amount_minor, NEW.term_days, NEW.free_days, NEW.daily_rate_ppm,
      NEW.interest_minor, NEW.repay_minor, NEW.agreement_sha256, NEW.signed_file, NEW.signed_sha256,
      NEW.signed_at, NEW.created_at, NEW.overdue_rate_ppm)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.product_id, OLD.amount_minor, OLD.term_days, OLD.free_days, OLD.daily_rate_ppm,
      OLD.interest_minor, OLD.repay_minor, OLD.agreement_sha256, OLD.signed_file, OLD.signed_sha256,
      OLD.signed_at, OLD.created_at, OLD.overdue_rate_ppm) THEN
    RAISE EXCEPTION 'a loan''s terms and agreement never change (loan %)', OLD.id;
  END IF;
  -- What a decision wrote (who, when, the disbursement) stays as written.
  IF OLD.status <> 'pending' AND (NEW.reviewed_by, NEW.reviewed_at, NEW.reason, NEW.disburse_entry_id, NEW.repay_due_at)
     IS DISTINCT FROM (OLD.reviewed_by, OLD.reviewed_at, OLD.reason, OLD.disburse_entry_id, OLD.repay_due_at) THEN
    RAISE EXCEPTION 'a loan''s decision never changes (loan %)', OLD.id;
  END IF;
  -- Late cost and repayments only accumulate.
  IF NEW.late_charge_minor < OLD.late_charge_minor OR NEW.paid_principal_minor < OLD.paid_principal_minor
     OR NEW.paid_income_minor < OLD.paid_income_minor THEN
    RAISE EXCEPTION 'a loan''s late cost and repayments never shrink (loan %)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
