-- Two follow-ups of the charity auctions (migration 0014).
--
-- 1. The Idempotency-Key of an admin's money-moving POST (the charity payout): the same answer store as the
-- customers' idempotency_keys, kept apart because its owner is an admin (admins.id), not a user — an admin and
-- a customer with the same id never share a key space.
CREATE TABLE "admin_idempotency_keys" (
	"admin_id" bigint NOT NULL REFERENCES "public"."admins"("id"),
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_idempotency_keys_admin_id_key_pk" PRIMARY KEY("admin_id","key")
);
--> statement-breakpoint
CREATE INDEX "admin_idempotency_keys_created" ON "admin_idempotency_keys" USING btree ("created_at");
--> statement-breakpoint
-- 2. The end an auction was created with, so "extended" (a late bid moved the end, anti-sniping) is a fact of
-- the row rather than a guess. Pieces that exist already get their current end: one a bid moved before this
-- migration reads as not extended (their first end was never stored). The guard is set aside for the backfill
-- only, since it refuses any change to a settled piece.
ALTER TABLE "nfts" ADD COLUMN "original_end_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "nfts" DISABLE TRIGGER "nfts_guard";
--> statement-breakpoint
UPDATE "nfts" SET "original_end_at" = "end_at";
--> statement-breakpoint
ALTER TABLE "nfts" ENABLE TRIGGER "nfts_guard";
--> statement-breakpoint
ALTER TABLE "nfts" ALTER COLUMN "original_end_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_original_end" CHECK ("end_at" >= "original_end_at");
--> statement-breakpoint
-- As in 0014, with the original end among what never changes.
CREATE OR REPLACE FUNCTION nfts_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a charity auction is never deleted (nft %)', OLD.id;
  END IF;
  IF (NEW.id, NEW.contract_address, NEW.token_id, NEW.start_price_minor, NEW.min_increment_minor, NEW.created_at,
      NEW.original_end_at)
     IS DISTINCT FROM
     (OLD.id, OLD.contract_address, OLD.token_id, OLD.start_price_minor, OLD.min_increment_minor, OLD.created_at,
      OLD.original_end_at) THEN
    RAISE EXCEPTION 'an auction''s token, start price, increment and original end never change (nft %)', OLD.id;
  END IF;
  IF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'a settled auction never changes (nft %)', OLD.id;
  END IF;
  IF OLD.bid_count > 0
     AND (NEW.name, NEW.descriptions, NEW.creator, NEW.chain, NEW.image_sha256, NEW.image_png)
       IS DISTINCT FROM (OLD.name, OLD.descriptions, OLD.creator, OLD.chain, OLD.image_sha256, OLD.image_png) THEN
    RAISE EXCEPTION 'an auction''s artwork and texts freeze at its first bid (nft %)', OLD.id;
  END IF;
  IF (NEW.current_bid_minor, NEW.leader_user_id, NEW.bid_count)
     IS DISTINCT FROM (OLD.current_bid_minor, OLD.leader_user_id, OLD.bid_count)
     AND (NEW.status <> 'open'
       OR NEW.bid_count <> OLD.bid_count + 1
       OR NEW.current_bid_minor < OLD.current_bid_minor + OLD.min_increment_minor
       OR NOT EXISTS (SELECT 1 FROM nft_bids b WHERE b.nft_id = NEW.id AND b.user_id = NEW.leader_user_id
         AND b.amount_minor = NEW.current_bid_minor)) THEN
    RAISE EXCEPTION 'the current bid moves only with a recorded bid at least one increment higher (nft %)', OLD.id;
  END IF;
  IF NEW.end_at IS DISTINCT FROM OLD.end_at AND (NEW.end_at < OLD.end_at OR NEW.bid_count = OLD.bid_count) THEN
    RAISE EXCEPTION 'an auction''s end moves only later, with a bid (nft %)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
