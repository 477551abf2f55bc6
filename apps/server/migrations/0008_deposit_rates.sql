-- Deposits (issue 8): the rate comes from the tape, never from a person; channels start disabled and name
-- one of a fixed set of networks, each on one chain; a transaction hash is stored in one spelling and
-- claimed once per chain.
--
-- Channel networks typed as free text become the fixed names; a name that cannot be mapped stops the
-- upgrade with its id, because guessing the chain of a deposit address is not a migration's call.
UPDATE "deposit_channels" SET "network" = CASE upper(regexp_replace("network", '[^A-Za-z0-9]', '', 'g'))
	WHEN 'TRC20' THEN 'TRC20' WHEN 'TRON' THEN 'TRC20'
	WHEN 'ERC20' THEN 'ERC20'
	WHEN 'BITCOIN' THEN 'Bitcoin' WHEN 'BTC' THEN 'Bitcoin'
	WHEN 'ETHEREUM' THEN 'Ethereum' WHEN 'ETH' THEN 'Ethereum'
	ELSE "network" END;
--> statement-breakpoint
DO $$
DECLARE bad text;
BEGIN
	SELECT string_agg('#' || "id" || ' ' || "asset" || ' on ' || "network", ', ') INTO bad FROM "deposit_channels"
	WHERE ("asset", "network") NOT IN (('USDT', 'TRC20'), ('USDT', 'ERC20'), ('BTC', 'Bitcoin'), ('ETH', 'Ethereum'));
	IF bad IS NOT NULL THEN
		RAISE EXCEPTION 'deposit channels on networks without a known chain: %; rename them to TRC20, ERC20, Bitcoin or Ethereum first', bad;
	END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_network_valid" CHECK (("deposit_channels"."asset", "deposit_channels"."network") in (('USDT', 'TRC20'), ('USDT', 'ERC20'), ('BTC', 'Bitcoin'), ('ETH', 'Ethereum')));
--> statement-breakpoint
-- The rate an admin typed goes; what remains is a disclosed spread off the feed's price, none on USDT.
ALTER TABLE "deposit_channels" DROP CONSTRAINT "deposit_channels_rate_positive";
--> statement-breakpoint
ALTER TABLE "deposit_channels" DROP COLUMN "rate_minor";
--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD COLUMN "spread_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_spread_valid" CHECK ("deposit_channels"."spread_bps" between 0 and 500 and ("deposit_channels"."asset" <> 'USDT' or "deposit_channels"."spread_bps" = 0));
--> statement-breakpoint
-- A channel is off until an operator enables it with an address that passes its network's check; the
-- seeded placeholders could only ever send coins to nowhere.
ALTER TABLE "deposit_channels" ALTER COLUMN "enabled" SET DEFAULT false;
--> statement-breakpoint
UPDATE "deposit_channels" SET "enabled" = false WHERE "address" LIKE 'CONFIGURE-IN-BACK-OFFICE-%';
--> statement-breakpoint
-- Claims: the network names are mapped the same way, and each claim records its chain.
UPDATE "deposits" SET "network" = CASE upper(regexp_replace("network", '[^A-Za-z0-9]', '', 'g'))
	WHEN 'TRC20' THEN 'TRC20' WHEN 'TRON' THEN 'TRC20'
	WHEN 'ERC20' THEN 'ERC20'
	WHEN 'BITCOIN' THEN 'Bitcoin' WHEN 'BTC' THEN 'Bitcoin'
	WHEN 'ETHEREUM' THEN 'Ethereum' WHEN 'ETH' THEN 'Ethereum'
	ELSE "network" END;
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "chain" text;
--> statement-breakpoint
UPDATE "deposits" SET "chain" = CASE "network"
	WHEN 'TRC20' THEN 'tron' WHEN 'ERC20' THEN 'ethereum' WHEN 'Ethereum' THEN 'ethereum' WHEN 'Bitcoin' THEN 'bitcoin' END;
--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "chain" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_chain_of_network" CHECK (("deposits"."network", "deposits"."chain") in (('TRC20', 'tron'), ('ERC20', 'ethereum'), ('Ethereum', 'ethereum'), ('Bitcoin', 'bitcoin')));
--> statement-breakpoint
-- One spelling per hash: `0xH`, `H` and `h` were three transactions to the old guard.
UPDATE "deposits" SET "tx_hash" = lower(regexp_replace("tx_hash", '^0[xX]', ''));
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_tx_hash_normalized" CHECK ("deposits"."tx_hash" ~ '^[0-9a-f]{64}$');
--> statement-breakpoint
-- Claims of a transfer already claimed (now that spellings and chains are compared) that are still pending
-- are rejected, naming the claim that keeps it: an approved one first, else the earliest.
WITH "live" AS (
	SELECT "id", "status",
		first_value("id") OVER (PARTITION BY "chain", "tx_hash" ORDER BY ("status" = 'approved') DESC, "id") AS "keeper"
	FROM "deposits" WHERE "status" <> 'rejected'
)
UPDATE "deposits" SET "status" = 'rejected', "reviewed_at" = now(),
	"reason" = 'Duplicate of deposit #' || "live"."keeper" || ': the same on-chain transaction'
FROM "live" WHERE "deposits"."id" = "live"."id" AND "live"."id" <> "live"."keeper" AND "deposits"."status" = 'pending';
--> statement-breakpoint
-- Two approved claims of one transfer were credited twice: that needs an operator's reversing entry, not a
-- migration's guess, so the upgrade stops and names them.
DO $$
DECLARE bad text;
BEGIN
	SELECT string_agg("chain" || ' ' || "tx_hash" || ' (deposits ' || "ids" || ')', '; ') INTO bad FROM (
		SELECT "chain", "tx_hash", string_agg('#' || "id", ', ' ORDER BY "id") AS "ids" FROM "deposits"
		WHERE "status" <> 'rejected' GROUP BY "chain", "tx_hash" HAVING count(*) > 1
	) AS "twice";
	IF bad IS NOT NULL THEN
		RAISE EXCEPTION 'one transaction credited more than once: %; reverse the extra credits and reject those claims first', bad;
	END IF;
END $$;
--> statement-breakpoint
DROP INDEX "deposits_tx_hash_live";
--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_tx_hash_live" ON "deposits" USING btree ("chain", "tx_hash") WHERE "deposits"."status" <> 'rejected';
--> statement-breakpoint
-- The rate's origin: the kept tick it was locked from, and the spread taken off it. Claims made before
-- this release name no tick (their rate was typed by an admin), so the checks below bind new rows only.
ALTER TABLE "deposits" ADD COLUMN "rate_tick_id" bigint;
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "spread_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_rate_tick_id_market_ticks_id_fk" FOREIGN KEY ("rate_tick_id") REFERENCES "public"."market_ticks"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_spread_valid" CHECK ("deposits"."spread_bps" between 0 and 500);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_rate_origin" CHECK (case when "deposits"."asset" = 'USDT' then "deposits"."rate_tick_id" is null and "deposits"."spread_bps" = 0 and "deposits"."rate_minor" = 1000000 else "deposits"."rate_tick_id" is not null end) NOT VALID;
--> statement-breakpoint
CREATE INDEX "deposits_rate_tick" ON "deposits" USING btree ("rate_tick_id") WHERE "deposits"."rate_tick_id" is not null;
--> statement-breakpoint
-- `deposit_min` is computed from the enabled channels when read; a stored copy could only disagree.
DELETE FROM "params" WHERE "key" = 'deposit_min';
