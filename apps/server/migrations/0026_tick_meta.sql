-- What a live source says about a kept tick (issue 21): the exchange's timestamp for ccxt; Pyth's publish time,
-- confidence and feed id. Kept beside the price so a settlement can be checked against the source. Null for
-- the walk and replays, and for ticks kept before this column existed.
ALTER TABLE "market_ticks" ADD COLUMN "meta" jsonb;
