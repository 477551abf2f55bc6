-- Smart plans (smart/): products with their durations and daily rates, the customers' orders, and one row per
-- paid day of interest. The database keeps the rules: rates and amounts are positive integers, a customer
-- holds at most one earning order of a product, an order changes once (earning → completed or redeemed) and
-- its terms never change, and each (order, day) of interest is paid at most once, for an earning order, on
-- a day of its term. Rates are integer counts of 1e-8 (0.03 % a day is 30000), penalties basis points.
CREATE TABLE "smart_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"max_amount_minor" bigint NOT NULL,
	"early_exit_penalty_bps" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smart_products_amounts" CHECK ("min_amount_minor" > 0 and "max_amount_minor" >= "min_amount_minor"),
	CONSTRAINT "smart_products_penalty" CHECK ("early_exit_penalty_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "smart_products_code" ON "smart_products" USING btree ("code");
--> statement-breakpoint
CREATE TABLE "smart_product_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL REFERENCES "public"."smart_products"("id"),
	"days" integer NOT NULL,
	"daily_rate_e8" integer NOT NULL,
	CONSTRAINT "smart_product_plans_days" CHECK ("days" between 1 and 3650),
	-- 1 % a day is a hard ceiling whatever the parameter says (smart_daily_rate_max is checked below it).
	CONSTRAINT "smart_product_plans_rate" CHECK ("daily_rate_e8" > 0 and "daily_rate_e8" <= 1000000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "smart_product_plans_days_of" ON "smart_product_plans" USING btree ("product_id", "days");
--> statement-breakpoint
CREATE TABLE "smart_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"product_id" bigint NOT NULL REFERENCES "public"."smart_products"("id"),
	"days" integer NOT NULL,
	"daily_rate_e8" integer NOT NULL,
	"early_exit_penalty_bps" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"total_interest_minor" bigint NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"maturity_at" timestamp (3) with time zone NOT NULL,
	"status" text NOT NULL,
	"auto_renew" boolean NOT NULL,
	"penalty_minor" bigint,
	"open_entry_id" bigint NOT NULL REFERENCES "public"."journal_entries"("id"),
	"close_entry_id" bigint REFERENCES "public"."journal_entries"("id"),
	"closed_at" timestamp with time zone,
	"renewed_from_id" bigint REFERENCES "public"."smart_orders"("id"),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smart_orders_status" CHECK ("status" in ('earning', 'completed', 'redeemed')),
	CONSTRAINT "smart_orders_amounts" CHECK ("amount_minor" > 0 and "total_interest_minor" >= 0 and "days" > 0
		and "daily_rate_e8" > 0 and "early_exit_penalty_bps" between 0 and 10000),
	CONSTRAINT "smart_orders_term" CHECK ("maturity_at" - "start_at" = make_interval(secs => "days" * 86400)),
	CONSTRAINT "smart_orders_closed_complete" CHECK (("status" = 'earning') = ("close_entry_id" is null
		and "closed_at" is null)),
	CONSTRAINT "smart_orders_penalty" CHECK (("status" = 'redeemed') = ("penalty_minor" is not null)
		and ("penalty_minor" is null or "penalty_minor" between 0 and "amount_minor"))
);
--> statement-breakpoint
CREATE INDEX "smart_orders_user" ON "smart_orders" USING btree ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "smart_orders_earning" ON "smart_orders" USING btree ("start_at") WHERE "smart_orders"."status" = 'earning';
--> statement-breakpoint
-- 10024 in the database: one earning order per customer and product.
CREATE UNIQUE INDEX "smart_orders_one_earning" ON "smart_orders" USING btree ("user_id", "product_id") WHERE "smart_orders"."status" = 'earning';
--> statement-breakpoint
CREATE UNIQUE INDEX "smart_orders_open_entry" ON "smart_orders" USING btree ("open_entry_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "smart_orders_close_entry" ON "smart_orders" USING btree ("close_entry_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "smart_orders_renewed_from" ON "smart_orders" USING btree ("renewed_from_id");
--> statement-breakpoint
CREATE TABLE "smart_interest_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "public"."smart_orders"("id"),
	"day" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"entry_id" bigint REFERENCES "public"."journal_entries"("id"),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smart_interest_payments_day" CHECK ("day" > 0),
	-- A day whose interest rounds to nothing is recorded as paid without an entry.
	CONSTRAINT "smart_interest_payments_amount" CHECK ("amount_minor" >= 0
		and ("amount_minor" = 0) = ("entry_id" is null))
);
--> statement-breakpoint
-- A day's interest is paid exactly once: the key, not a timer's promise.
CREATE UNIQUE INDEX "smart_interest_payments_day_of" ON "smart_interest_payments" USING btree ("order_id", "day");
--> statement-breakpoint
CREATE UNIQUE INDEX "smart_interest_payments_entry" ON "smart_interest_payments" USING btree ("entry_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION smart_orders_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a smart order is never deleted (order %)', OLD.id;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.product_id, NEW.days, NEW.daily_rate_e8, NEW.early_exit_penalty_bps,
      NEW.amount_minor, NEW.total_interest_minor, NEW.start_at, NEW.maturity_at, NEW.open_entry_id,
      NEW.renewed_from_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.product_id, OLD.days, OLD.daily_rate_e8, OLD.early_exit_penalty_bps,
      OLD.amount_minor, OLD.total_interest_minor, OLD.start_at, OLD.maturity_at, OLD.open_entry_id,
      OLD.renewed_from_id, OLD.created_at) THEN
    RAISE EXCEPTION 'a smart order''s terms never change (order %)', OLD.id;
  END IF;
  IF OLD.status <> 'earning' THEN
    RAISE EXCEPTION 'a smart order changes once, from earning to completed or redeemed (order %)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER smart_orders_guard BEFORE UPDATE OR DELETE ON smart_orders
  FOR EACH ROW EXECUTE FUNCTION smart_orders_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION smart_interest_payments_guard() RETURNS trigger AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a paid day of interest is never changed or removed (order %, day %)', OLD.order_id, OLD.day;
  END IF;
  SELECT status, days INTO o FROM smart_orders WHERE id = NEW.order_id;
  IF o.status IS DISTINCT FROM 'earning' OR NEW.day > o.days THEN
    RAISE EXCEPTION 'interest is paid to an earning order on a day of its term (order %, day %)',
      NEW.order_id, NEW.day;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER smart_interest_payments_guard BEFORE INSERT OR UPDATE OR DELETE ON smart_interest_payments
  FOR EACH ROW EXECUTE FUNCTION smart_interest_payments_guard();
