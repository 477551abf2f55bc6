-- Review decisions (platform/review-decision.ts): every reviewed item goes pending → approved | rejected |
-- voided once, and the database holds the pairing of a decision with its ledger entry.
--
-- 1. Adjustments can be rejected (by a second admin) and voided (cancelled by the one who asked): the
--    approver column becomes the decider, a decision reason is kept, and the four-eyes rule covers approvals
--    and rejections while only the requester can void.
-- 2. The helper claims the row first (UPDATE … WHERE status = 'pending') and posts after, so "approved
--    exactly when posted" can only hold at commit: a deferred constraint trigger replaces the immediate
--    CHECK on deposits and adds the same rule to adjustments and withdrawals.
ALTER TABLE "adjustments" RENAME COLUMN "approved_by" TO "decided_by";
--> statement-breakpoint
ALTER TABLE "adjustments" RENAME CONSTRAINT "adjustments_approved_by_admins_id_fk" TO "adjustments_decided_by_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "adjustments" ADD COLUMN "decision_reason" text;
--> statement-breakpoint
ALTER TABLE "adjustments" DROP CONSTRAINT "adjustments_two_admins";
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_status_valid"
  CHECK ("status" in ('pending', 'approved', 'rejected', 'voided'));
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_decided" CHECK (
  ("status" = 'pending' and "decided_by" is null and "decided_at" is null)
  or ("status" in ('approved', 'rejected') and "decided_by" <> "requested_by" and "decided_at" is not null)
  or ("status" = 'voided' and "decided_by" = "requested_by" and "decided_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_entry_id_journal_entries_id_fk"
  FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A decided row and its ledger entry, checked at commit: (status ∈ posted statuses) = (entry column set).
-- Deferred, so NEW is the row as the triggering statement left it; the row is read again as it stands.
-- Arguments: the entry column, the statuses that carry an entry (a text[] literal).
CREATE OR REPLACE FUNCTION review_posted_iff_status() RETURNS trigger AS $$
DECLARE
  entry_column text := TG_ARGV[0];
  posted_statuses text[] := TG_ARGV[1]::text[];
  current_row jsonb;
BEGIN
  EXECUTE format('SELECT to_jsonb(t) FROM %I.%I t WHERE t.id = $1', TG_TABLE_SCHEMA, TG_TABLE_NAME)
    INTO current_row USING NEW.id;
  IF current_row IS NULL THEN
    RETURN NULL;
  END IF;
  IF ((current_row ->> 'status') = ANY (posted_statuses)) <> ((current_row ->> entry_column) IS NOT NULL) THEN
    RAISE EXCEPTION '% % is % but its % is %', TG_TABLE_NAME, NEW.id, current_row ->> 'status', entry_column,
      coalesce(current_row ->> entry_column, 'missing')
      USING ERRCODE = 'check_violation', CONSTRAINT = TG_NAME;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_entry_iff_approved";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deposits_posted_iff_approved" AFTER INSERT OR UPDATE ON "deposits"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION review_posted_iff_status('entry_id', '{approved}');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "adjustments_posted_iff_approved" AFTER INSERT OR UPDATE ON "adjustments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION review_posted_iff_status('entry_id', '{approved}');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "withdrawals_settled_iff_decided" AFTER INSERT OR UPDATE ON "withdrawals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION review_posted_iff_status('settle_entry_id', '{approved,rejected}');
