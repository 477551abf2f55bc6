-- Charity NFT auctions (nft/): a piece carries its running auction; every bid is a row with the ledger entry
-- that moved its hold; a sold piece has one donation row (bid hold → charity payable) and payouts to the
-- charity move charity payable → charity paid. The database keeps the rules no endpoint or person may bend:
-- the start price, increment and token never change; the artwork and texts freeze at the first bid; the
-- current bid moves only with a recorded bid at least one increment higher; the end moves only later and
-- only with a bid (anti-sniping); a piece is settled once, open → sold | unsold; bids, donations and payouts
-- are never changed or removed.
CREATE TABLE "nfts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"descriptions" jsonb NOT NULL,
	"creator" text NOT NULL,
	"chain" text NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" text NOT NULL,
	"image_png" bytea NOT NULL,
	"image_sha256" text NOT NULL,
	"start_price_minor" bigint NOT NULL,
	"min_increment_minor" bigint NOT NULL,
	"current_bid_minor" bigint NOT NULL,
	"leader_user_id" bigint REFERENCES "public"."users"("id"),
	"bid_count" integer NOT NULL,
	"end_at" timestamp (3) with time zone NOT NULL,
	"status" text NOT NULL,
	"winner_user_id" bigint REFERENCES "public"."users"("id"),
	"settled_at" timestamp (3) with time zone,
	"settle_entry_id" bigint REFERENCES "public"."journal_entries"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nfts_status" CHECK ("status" in ('open', 'sold', 'unsold')),
	CONSTRAINT "nfts_amounts" CHECK ("start_price_minor" > 0 and "min_increment_minor" > 0 and "bid_count" >= 0
		and "current_bid_minor" >= "start_price_minor"),
	CONSTRAINT "nfts_leader" CHECK (("bid_count" = 0) = ("leader_user_id" is null)
		and ("bid_count" > 0 or "current_bid_minor" = "start_price_minor")),
	CONSTRAINT "nfts_settled" CHECK (("status" = 'open') = ("settled_at" is null)
		and ("status" = 'sold') = ("winner_user_id" is not null)
		and ("status" = 'sold') = ("settle_entry_id" is not null)
		and ("status" <> 'sold' or "winner_user_id" = "leader_user_id")
		and ("status" <> 'unsold' or "bid_count" = 0)),
	CONSTRAINT "nfts_descriptions_en" CHECK (jsonb_typeof("descriptions") = 'object' and "descriptions" ? 'en')
);
--> statement-breakpoint
CREATE INDEX "nfts_open_end" ON "nfts" USING btree ("end_at") WHERE "nfts"."status" = 'open';
--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_token" ON "nfts" USING btree ("chain", "contract_address", "token_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_settle_entry" ON "nfts" USING btree ("settle_entry_id");
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nft_id" bigint NOT NULL REFERENCES "public"."nfts"("id"),
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"amount_minor" bigint NOT NULL,
	"entry_id" bigint NOT NULL REFERENCES "public"."journal_entries"("id"),
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "nft_bids_amount" CHECK ("amount_minor" > 0)
);
--> statement-breakpoint
CREATE INDEX "nft_bids_nft" ON "nft_bids" USING btree ("nft_id", "id");
--> statement-breakpoint
CREATE INDEX "nft_bids_user" ON "nft_bids" USING btree ("user_id", "nft_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_entry" ON "nft_bids" USING btree ("entry_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_amount_of" ON "nft_bids" USING btree ("nft_id", "amount_minor");
--> statement-breakpoint
CREATE TABLE "nft_donations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nft_id" bigint NOT NULL REFERENCES "public"."nfts"("id"),
	"amount_minor" bigint NOT NULL,
	"entry_id" bigint NOT NULL REFERENCES "public"."journal_entries"("id"),
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "nft_donations_amount" CHECK ("amount_minor" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_donations_nft" ON "nft_donations" USING btree ("nft_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_donations_entry" ON "nft_donations" USING btree ("entry_id");
--> statement-breakpoint
CREATE TABLE "nft_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" text NOT NULL,
	"paid_at" date NOT NULL,
	"entry_id" bigint NOT NULL REFERENCES "public"."journal_entries"("id"),
	"admin_id" bigint NOT NULL REFERENCES "public"."admins"("id"),
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "nft_payouts_amount" CHECK ("amount_minor" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_payouts_entry" ON "nft_payouts" USING btree ("entry_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nfts_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a charity auction is never deleted (nft %)', OLD.id;
  END IF;
  IF (NEW.id, NEW.contract_address, NEW.token_id, NEW.start_price_minor, NEW.min_increment_minor, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.contract_address, OLD.token_id, OLD.start_price_minor, OLD.min_increment_minor, OLD.created_at) THEN
    RAISE EXCEPTION 'an auction''s token, start price and increment never change (nft %)', OLD.id;
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
--> statement-breakpoint
CREATE TRIGGER nfts_guard BEFORE UPDATE OR DELETE ON nfts
  FOR EACH ROW EXECUTE FUNCTION nfts_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nft_bids_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a bid is never changed or removed (bid %)', OLD.id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM nfts n WHERE n.id = NEW.nft_id AND n.status = 'open') THEN
    RAISE EXCEPTION 'bids are taken by open auctions only (nft %)', NEW.nft_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER nft_bids_guard BEFORE INSERT OR UPDATE OR DELETE ON nft_bids
  FOR EACH ROW EXECUTE FUNCTION nft_bids_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nft_donations_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a donation is never changed or removed (donation %)', OLD.id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM nfts n WHERE n.id = NEW.nft_id AND n.status = 'sold'
      AND n.current_bid_minor = NEW.amount_minor AND n.settle_entry_id = NEW.entry_id) THEN
    RAISE EXCEPTION 'a donation is the winning bid of a sold auction, with its settling entry (nft %)', NEW.nft_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER nft_donations_guard BEFORE INSERT OR UPDATE OR DELETE ON nft_donations
  FOR EACH ROW EXECUTE FUNCTION nft_donations_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nft_payouts_guard() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'a payout to the charity is never changed or removed (payout %)', OLD.id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER nft_payouts_guard BEFORE UPDATE OR DELETE ON nft_payouts
  FOR EACH ROW EXECUTE FUNCTION nft_payouts_guard();
