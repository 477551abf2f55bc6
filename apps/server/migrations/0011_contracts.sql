-- Contracts ("options", orders/): one row per position. Opened with its ledger entry (cash → margin + fee
-- income), closed once by a conditional update in the transaction of its settling entry. The database
-- keeps the rules: a closed row is complete, a loss never exceeds the margin, and nothing but the one
-- open → closed transition ever changes a row (no endpoint or person can alter a contract's terms or outcome).
CREATE TABLE "option_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"book" text NOT NULL,
	"instrument_id" bigint NOT NULL REFERENCES "public"."market_instruments"("id"),
	"code" text NOT NULL,
	"direction" text NOT NULL,
	"lots_minor" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"term_seconds" integer NOT NULL,
	"contract_size" bigint NOT NULL,
	"price_scale" smallint NOT NULL,
	"quote" text NOT NULL,
	"conversion_num" bigint NOT NULL,
	"conversion_den" bigint NOT NULL,
	"conversion_tick_id" bigint REFERENCES "public"."market_ticks"("id"),
	"open_price_minor" bigint NOT NULL,
	"open_tick_id" bigint NOT NULL REFERENCES "public"."market_ticks"("id"),
	"open_at" timestamp (3) with time zone NOT NULL,
	"notional_minor" bigint NOT NULL,
	"margin_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"fee_rate_bps" integer NOT NULL,
	"take_profit_minor" bigint,
	"stop_loss_minor" bigint,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"status" text NOT NULL,
	"close_price_minor" bigint,
	"close_tick_id" bigint REFERENCES "public"."market_ticks"("id"),
	"close_at" timestamp (3) with time zone,
	"close_reason" text,
	"pnl_minor" bigint,
	"open_entry_id" bigint NOT NULL REFERENCES "public"."journal_entries"("id"),
	"close_entry_id" bigint REFERENCES "public"."journal_entries"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "option_orders_book" CHECK ("book" in ('demo', 'real')),
	CONSTRAINT "option_orders_direction" CHECK ("direction" in ('up', 'down')),
	CONSTRAINT "option_orders_status" CHECK ("status" in ('open', 'closed')),
	CONSTRAINT "option_orders_amounts" CHECK ("lots_minor" > 0 and "leverage" > 0 and "term_seconds" > 0
		and "contract_size" > 0 and "conversion_num" > 0 and "conversion_den" > 0 and "open_price_minor" > 0
		and "margin_minor" > 0 and "fee_minor" >= 0 and "notional_minor" > 0),
	CONSTRAINT "option_orders_closed_complete" CHECK (("status" = 'open') = ("close_price_minor" is null
		and "close_tick_id" is null and "close_at" is null and "close_reason" is null and "pnl_minor" is null
		and "close_entry_id" is null and "closed_at" is null)),
	CONSTRAINT "option_orders_close_reason" CHECK ("close_reason" is null
		or "close_reason" in ('tp', 'sl', 'expiry', 'manual', 'margin')),
	CONSTRAINT "option_orders_loss_capped" CHECK ("pnl_minor" is null or "pnl_minor" >= -"margin_minor")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "option_orders_order_no" ON "option_orders" USING btree ("order_no");
--> statement-breakpoint
CREATE INDEX "option_orders_user" ON "option_orders" USING btree ("user_id", "book", "id");
--> statement-breakpoint
CREATE INDEX "option_orders_open" ON "option_orders" USING btree ("instrument_id") WHERE "option_orders"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "option_orders_open_at" ON "option_orders" USING btree ("open_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "option_orders_open_entry" ON "option_orders" USING btree ("open_entry_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "option_orders_close_entry" ON "option_orders" USING btree ("close_entry_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION option_orders_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a contract is never deleted (order %)', OLD.order_no;
  END IF;
  IF OLD.status <> 'open' OR NEW.status <> 'closed' THEN
    RAISE EXCEPTION 'a contract changes once, from open to closed (order %)', OLD.order_no;
  END IF;
  IF (NEW.id, NEW.order_no, NEW.user_id, NEW.book, NEW.instrument_id, NEW.code, NEW.direction, NEW.lots_minor,
      NEW.leverage, NEW.term_seconds, NEW.contract_size, NEW.price_scale, NEW.quote, NEW.conversion_num,
      NEW.conversion_den, NEW.conversion_tick_id, NEW.open_price_minor, NEW.open_tick_id, NEW.open_at,
      NEW.notional_minor, NEW.margin_minor, NEW.fee_minor, NEW.fee_rate_bps, NEW.take_profit_minor,
      NEW.stop_loss_minor, NEW.expires_at, NEW.open_entry_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.order_no, OLD.user_id, OLD.book, OLD.instrument_id, OLD.code, OLD.direction, OLD.lots_minor,
      OLD.leverage, OLD.term_seconds, OLD.contract_size, OLD.price_scale, OLD.quote, OLD.conversion_num,
      OLD.conversion_den, OLD.conversion_tick_id, OLD.open_price_minor, OLD.open_tick_id, OLD.open_at,
      OLD.notional_minor, OLD.margin_minor, OLD.fee_minor, OLD.fee_rate_bps, OLD.take_profit_minor,
      OLD.stop_loss_minor, OLD.expires_at, OLD.open_entry_id, OLD.created_at) THEN
    RAISE EXCEPTION 'a contract''s opening terms never change (order %)', OLD.order_no;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER option_orders_guard BEFORE UPDATE OR DELETE ON option_orders
  FOR EACH ROW EXECUTE FUNCTION option_orders_guard();
