-- A crypto withdrawal names the transaction that paid it out (issue 23): finance records it when approving, so
-- the customer can follow the money on a public explorer. Stored as deposits store theirs (64 lower-case hex
-- digits, no 0x) with its chain; one transaction pays one withdrawal. Null for bank-card payouts, pending and
-- rejected withdrawals, and those approved before this column existed.
ALTER TABLE "withdrawals" ADD COLUMN "payout_chain" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_tx_hash" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_tx" CHECK (
  ("payout_chain" IS NULL AND "payout_tx_hash" IS NULL)
  OR ("payout_chain" IN ('tron', 'ethereum', 'bitcoin') AND "payout_tx_hash" ~ '^[0-9a-f]{64}$' AND "status" = 'approved')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_chain_tx" ON "withdrawals" ("payout_chain", "payout_tx_hash") WHERE "payout_tx_hash" IS NOT NULL;
