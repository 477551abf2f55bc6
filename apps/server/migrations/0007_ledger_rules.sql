-- The ledger's rules held by the database itself (DESIGN.md §1.2), so that code which forgets them, or a
-- hand-typed statement, cannot break them: post() checks them too, but the database is the last word.
--
-- 1. A posting moves its account's balance: the insert trigger applies amount_minor to balance_minor and
--    writes (or verifies) balance_after_minor, so balances and postings can never disagree.
-- 2. balance_minor changes only inside that trigger: a stray UPDATE of it fails. An account is born at zero
--    and keeps its owner, book, asset and purpose for life.
-- 3. A posting's account is in its entry's book and holds the posting's asset (no cross-book line).
-- 4. At commit, every journal entry touched by the transaction has at least two postings and sums to zero per
--    asset (a deferred constraint trigger: inside the transaction post() inserts the lines one by one).

-- Identity of the posting trigger's update to ledger_accounts: it names the account it is about to move.
-- Transaction-local (set_config(..., true)) and cleared right after the update; the guard below also requires
-- the update to come from inside a trigger (pg_trigger_depth() > 1), which a client statement never is.
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger AS $$
DECLARE
  entry_book text;
  account_book text;
  account_asset text;
  balance_after bigint;
BEGIN
  SELECT book INTO entry_book FROM journal_entries WHERE id = NEW.entry_id;
  SELECT book, asset INTO account_book, account_asset FROM ledger_accounts WHERE id = NEW.account_id;
  -- A missing entry or account is left to the foreign keys, which name the constraint.
  IF entry_book IS NOT NULL AND account_book IS NOT NULL THEN
    IF account_book <> entry_book THEN
      RAISE EXCEPTION 'posting on a % account in a % entry: an entry stays in one book', account_book, entry_book
        USING ERRCODE = 'check_violation', CONSTRAINT = 'postings_same_book';
    END IF;
    IF account_asset <> NEW.asset THEN
      RAISE EXCEPTION 'posting of % on a % account', NEW.asset, account_asset
        USING ERRCODE = 'check_violation', CONSTRAINT = 'postings_account_asset';
    END IF;
  END IF;
  PERFORM set_config('tradewind.posting_account', NEW.account_id::text, true);
  UPDATE ledger_accounts SET balance_minor = balance_minor + NEW.amount_minor
    WHERE id = NEW.account_id RETURNING balance_minor INTO balance_after;
  PERFORM set_config('tradewind.posting_account', '', true);
  IF NEW.balance_after_minor IS NULL THEN
    NEW.balance_after_minor := balance_after;
  ELSIF balance_after IS NOT NULL AND NEW.balance_after_minor <> balance_after THEN
    RAISE EXCEPTION 'posting says the balance after is %, the account holds %', NEW.balance_after_minor, balance_after
      USING ERRCODE = 'check_violation', CONSTRAINT = 'postings_balance_after_chains';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER postings_apply BEFORE INSERT ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_guard_account() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance_minor <> 0 THEN
      RAISE EXCEPTION 'a ledger account opens at zero; money arrives by a posting'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_by_posting';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.owner_type, NEW.user_id, NEW.book, NEW.asset, NEW.purpose)
     IS DISTINCT FROM (OLD.owner_type, OLD.user_id, OLD.book, OLD.asset, OLD.purpose) THEN
    RAISE EXCEPTION 'a ledger account keeps its owner, book, asset and purpose'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_identity_fixed';
  END IF;
  IF NEW.balance_minor IS DISTINCT FROM OLD.balance_minor
     AND (pg_trigger_depth() < 2
          OR coalesce(current_setting('tradewind.posting_account', true), '') <> OLD.id::text) THEN
    RAISE EXCEPTION 'balance_minor changes only with a posting (account %)', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_by_posting';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
--> statement-breakpoint
-- Checked once per inserted row at commit; an entry has a handful of postings, so re-checking the whole
-- entry for each of them costs little and needs no bookkeeping of which entries were seen.
CREATE OR REPLACE FUNCTION ledger_check_entry() RETURNS trigger AS $$
DECLARE
  entry bigint;
  lines integer;
  unbalanced text;
BEGIN
  -- Two branches, not a CASE: a field of NEW is resolved when the expression is planned.
  IF TG_TABLE_NAME = 'journal_entries' THEN
    entry := NEW.id;
  ELSE
    entry := NEW.entry_id;
  END IF;
  SELECT count(*) INTO lines FROM postings WHERE entry_id = entry;
  IF lines < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); an entry needs at least two', entry, lines
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_two_postings';
  END IF;
  SELECT string_agg(asset || ' ' || total::text, ', ') INTO unbalanced FROM (
    SELECT asset, sum(amount_minor) AS total FROM postings WHERE entry_id = entry
    GROUP BY asset HAVING sum(amount_minor) <> 0
  ) t;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero: %', entry, unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_entry_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry();
--> statement-breakpoint
-- Not a ledger rule, but the same promise that the database holds what the API accepts (issue 8 §8.5): a
-- claim's coin amount is at the coin's scale, and ETH has 18 decimals, so a bigint held 9.22 ETH and any
-- larger ETH claim (about 30,000 USDT) answered 500. numeric(78, 0) holds every amount a uint256 can.
ALTER TABLE "deposits" ALTER COLUMN "pay_amount_minor" TYPE numeric(78, 0);
