-- Issue 23, "no placeholder presented as fact" and "the operator is named".
--
-- 1. The operator's company name and address become operator_name and operator_address, beside the new
-- operator parameters (registration, licence, email; seeded empty at start by settings/defaults.ts). A value
-- an operator already entered moves with its key.
UPDATE "params" SET "key" = 'operator_name'
  WHERE "key" = 'company_name' AND NOT EXISTS (SELECT 1 FROM "params" WHERE "key" = 'operator_name');
--> statement-breakpoint
UPDATE "params" SET "key" = 'operator_address'
  WHERE "key" = 'company_address' AND NOT EXISTS (SELECT 1 FROM "params" WHERE "key" = 'operator_address');
--> statement-breakpoint
DELETE FROM "params" WHERE "key" IN ('company_name', 'company_address');
--> statement-breakpoint
-- 2. A piece's chain, contract address and token id are a record an operator enters once the token is minted,
-- all three or none. Until now every piece carried a made-up address (sha-256 of "tradewind-charity-<chain>",
-- nft/seed.ts `collectionAddress`) that no explorer knows: those records are removed, so the pieces read as
-- platform-issued collectibles. The guard is set aside for that correction only (it refuses any change to a
-- settled piece, and these rows were never facts).
ALTER TABLE "nfts" ALTER COLUMN "chain" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "nfts" ALTER COLUMN "contract_address" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "nfts" ALTER COLUMN "token_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "nfts" DISABLE TRIGGER "nfts_guard";
--> statement-breakpoint
UPDATE "nfts" SET "chain" = NULL, "contract_address" = NULL, "token_id" = NULL
  WHERE "contract_address" = '0x' || substr(encode(sha256(convert_to('tradewind-charity-' || "chain", 'UTF8')), 'hex'), 1, 40);
--> statement-breakpoint
-- Anything else recorded before is kept only when it is a chain the platform can check; the back office
-- validates every new record (EIP-55 contract address, decimal token id).
UPDATE "nfts" SET "chain" = NULL, "contract_address" = NULL, "token_id" = NULL
  WHERE "chain" IS NOT NULL AND "chain" NOT IN ('Ethereum', 'Polygon');
--> statement-breakpoint
ALTER TABLE "nfts" ENABLE TRIGGER "nfts_guard";
--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_token_record" CHECK (
  ("chain" IS NULL) = ("contract_address" IS NULL) AND ("chain" IS NULL) = ("token_id" IS NULL)
  AND ("chain" IS NULL OR "chain" IN ('Ethereum', 'Polygon'))
  AND ("contract_address" IS NULL OR "contract_address" ~ '^0x[0-9a-fA-F]{40}$')
  AND ("token_id" IS NULL OR "token_id" ~ '^(0|[1-9][0-9]{0,77})$'));
--> statement-breakpoint
-- As in 0020, but the token record is no longer fixed at creation: it is entered when the token is minted and
-- freezes at the first bid with the artwork and texts, so what a bidder saw is what they bid on.
CREATE OR REPLACE FUNCTION nfts_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a charity auction is never deleted (nft %)', OLD.id;
  END IF;
  IF (NEW.id, NEW.start_price_minor, NEW.min_increment_minor, NEW.created_at, NEW.original_end_at)
     IS DISTINCT FROM
     (OLD.id, OLD.start_price_minor, OLD.min_increment_minor, OLD.created_at, OLD.original_end_at) THEN
    RAISE EXCEPTION 'an auction''s start price, increment and original end never change (nft %)', OLD.id;
  END IF;
  IF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'a settled auction never changes (nft %)', OLD.id;
  END IF;
  IF OLD.bid_count > 0
     AND (NEW.name, NEW.descriptions, NEW.creator, NEW.chain, NEW.contract_address, NEW.token_id,
          NEW.image_sha256, NEW.image_png)
       IS DISTINCT FROM (OLD.name, OLD.descriptions, OLD.creator, OLD.chain, OLD.contract_address, OLD.token_id,
          OLD.image_sha256, OLD.image_png) THEN
    RAISE EXCEPTION 'an auction''s artwork, texts and token freeze at its first bid (nft %)', OLD.id;
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
