CREATE TABLE "market_candles" (
	"instrument_id" bigint NOT NULL,
	"minute_start_ms" bigint NOT NULL,
	"open_minor" bigint NOT NULL,
	"high_minor" bigint NOT NULL,
	"low_minor" bigint NOT NULL,
	"close_minor" bigint NOT NULL,
	"volume_minor" bigint NOT NULL,
	CONSTRAINT "market_candles_instrument_id_minute_start_ms_pk" PRIMARY KEY("instrument_id","minute_start_ms"),
	CONSTRAINT "market_candles_consistent" CHECK ("market_candles"."low_minor" <= "market_candles"."open_minor" and "market_candles"."low_minor" <= "market_candles"."close_minor" and "market_candles"."high_minor" >= "market_candles"."open_minor" and "market_candles"."high_minor" >= "market_candles"."close_minor")
);
--> statement-breakpoint
CREATE TABLE "market_instruments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" smallint NOT NULL,
	"etf" boolean DEFAULT false NOT NULL,
	"app_name" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"quote" text NOT NULL,
	"price_scale" smallint NOT NULL,
	"volume_scale" smallint NOT NULL,
	"reference_price_minor" bigint NOT NULL,
	"volatility_bps" integer NOT NULL,
	"tick_tier" smallint NOT NULL,
	"lot_step_minor" bigint NOT NULL,
	"min_lots_minor" bigint NOT NULL,
	"max_lots_minor" bigint NOT NULL,
	"contract_size" bigint NOT NULL,
	"leverages" jsonb NOT NULL,
	"fee_rate_bps" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"trading_hours" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_instruments_type_valid" CHECK ("market_instruments"."type" between 1 and 5),
	CONSTRAINT "market_instruments_scales_valid" CHECK ("market_instruments"."price_scale" between 0 and 12 and "market_instruments"."volume_scale" between 0 and 12),
	CONSTRAINT "market_instruments_reference_positive" CHECK ("market_instruments"."reference_price_minor" > 0),
	CONSTRAINT "market_instruments_tier_valid" CHECK ("market_instruments"."tick_tier" between 1 and 3),
	CONSTRAINT "market_instruments_lots_valid" CHECK ("market_instruments"."lot_step_minor" > 0 and "market_instruments"."min_lots_minor" >= "market_instruments"."lot_step_minor" and "market_instruments"."max_lots_minor" >= "market_instruments"."min_lots_minor"),
	CONSTRAINT "market_instruments_contract_size_positive" CHECK ("market_instruments"."contract_size" > 0),
	CONSTRAINT "market_instruments_fee_valid" CHECK ("market_instruments"."fee_rate_bps" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "market_ticks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instrument_id" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "market_ticks_price_positive" CHECK ("market_ticks"."price_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_watchlist" (
	"user_id" bigint NOT NULL,
	"instrument_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_watchlist_user_id_instrument_id_pk" PRIMARY KEY("user_id","instrument_id")
);
--> statement-breakpoint
ALTER TABLE "market_candles" ADD CONSTRAINT "market_candles_instrument_id_market_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."market_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ticks" ADD CONSTRAINT "market_ticks_instrument_id_market_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."market_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_watchlist" ADD CONSTRAINT "market_watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_watchlist" ADD CONSTRAINT "market_watchlist_instrument_id_market_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."market_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_instruments_code" ON "market_instruments" USING btree ("code");--> statement-breakpoint
CREATE INDEX "market_instruments_type" ON "market_instruments" USING btree ("type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "market_ticks_instrument_at" ON "market_ticks" USING btree ("instrument_id","at");--> statement-breakpoint
CREATE INDEX "market_ticks_at" ON "market_ticks" USING btree ("at");