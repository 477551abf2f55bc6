-- No hot row on the money path (issue 26): the platform accounts that every customer's entry touches — fee
-- income, trading P&L, yield expense — are split into 16 shards, and an entry posts to the shard of its
-- customer (user id mod 16), so contract opens by different customers no longer queue on one locked row.
-- Reports read them summed (they always summed by purpose). Customer accounts and the other platform
-- accounts keep shard 0; the existing rows are shard 0, so no balance moves. A shard never changes.
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard_valid" CHECK (
  "shard" BETWEEN 0 AND 63 AND ("shard" = 0 OR ("owner_type" = 'platform' AND "purpose" IN ('fee_income', 'trading_pnl', 'yield_expense')))
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_platform_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "ledger_accounts" USING btree ("book", "asset", "purpose", "shard") WHERE "owner_type" = 'platform';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_account_shard_fixed() RETURNS trigger AS $$
BEGIN
  IF NEW.shard IS DISTINCT FROM OLD.shard THEN
    RAISE EXCEPTION 'a ledger account keeps its shard (account %)', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_identity_fixed';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_shard_fixed BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_shard_fixed();
