-- The back office edits the catalogue (issue 13 "Catalogue and products"): instruments, smart products and
-- loan products. What the database keeps, whatever the code does:
--
-- 1. An instrument's leverage choices stay within its category's cap (after ESMA: forex 30, crypto 2,
-- stocks 5, futures 10, metals 20; DESIGN.md §1.9) and its fee within 1 % of the notional. Open contracts
-- copied their terms at open (option_orders, migration 0011), so an edit reaches new contracts only.
CREATE FUNCTION market_leverage_cap(instrument_type smallint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE instrument_type WHEN 1 THEN 30 WHEN 2 THEN 2 WHEN 3 THEN 5 WHEN 4 THEN 10 WHEN 5 THEN 20 END
$$;
--> statement-breakpoint
-- A non-empty array of whole numbers from 1 to the cap (a CHECK may not hold a subquery; a function may).
-- The call inside is schema-qualified: pg_restore evaluates CHECKs with an empty search_path.
CREATE FUNCTION market_leverages_valid(leverages jsonb, instrument_type smallint) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_typeof(leverages) = 'array' AND jsonb_array_length(leverages) BETWEEN 1 AND 10
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(leverages) AS l(v)
      WHERE CASE WHEN jsonb_typeof(l.v) = 'number' AND l.v::text ~ '^[0-9]{1,6}$'
        THEN l.v::text::integer NOT BETWEEN 1 AND public.market_leverage_cap(instrument_type)
        ELSE true END
    )
$$;
--> statement-breakpoint
ALTER TABLE "market_instruments" ADD CONSTRAINT "market_instruments_leverages_capped"
  CHECK (market_leverages_valid("leverages", "type"));
--> statement-breakpoint
ALTER TABLE "market_instruments" ADD CONSTRAINT "market_instruments_fee_capped" CHECK ("fee_rate_bps" <= 100);
--> statement-breakpoint
-- 2. When a person last changed the row (null: as seeded). Nodes compare it to reload an edited instrument.
ALTER TABLE "market_instruments" ADD COLUMN "updated_at" timestamp (3) with time zone;
--> statement-breakpoint
-- 3. The trading hours in force before each edit: [{"untilMs": <epoch ms>, "hours": {...}}, ...], oldest
-- first. The simulated walk and the settlement engine read the hours of the minute they judge, so an edit
-- of the hours changes the market from the moment it is made and never rewrites the past.
ALTER TABLE "market_instruments" ADD COLUMN "hours_history" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "market_instruments" ADD CONSTRAINT "market_instruments_hours_history_array"
  CHECK (jsonb_typeof("hours_history") = 'array');
--> statement-breakpoint
-- 4. Logos uploaded in the back office (re-encoded PNG), served from this origin; none: generated from the code.
CREATE TABLE "market_instrument_logos" (
	"instrument_id" bigint PRIMARY KEY NOT NULL REFERENCES "public"."market_instruments"("id"),
	"png" bytea NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_instrument_logos_sha256" CHECK ("sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
-- 5. Loan products gain the time of their last edit, as smart products have.
ALTER TABLE "loan_products" ADD COLUMN "updated_at" timestamp with time zone;
