-- Withdrawal limits (issue 8 §8): placing a withdrawal counts the customer's pending ones under their row
-- lock; this partial index keeps that count to the few pending rows, however long the history grows.
-- The limits themselves are parameters (withdraw_amount_min, withdraw_fee_min, withdraw_pending_max),
-- seeded at every start by settings, so existing installs get them too.
CREATE INDEX "withdrawals_user_pending" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" = 'pending';
