-- Loans (loans/): the products offered, the agreement PDFs issued to customers (kept 24 h by SHA-256, so the
-- agreement signed is the one read), and the loans. The database keeps the rules: a loan moves only along
-- pending → rejected | repaying → overdue → repaid (or repaying → repaid), its terms and agreement never
-- change, it is never deleted, and a customer has at most one loan pending, repaying or overdue.
-- Daily rates are integer millionths of the amount per interest-bearing day (0.05 % a day is 500).
CREATE TABLE "loan_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"max_amount_minor" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"free_days" integer NOT NULL,
	"daily_rate_ppm" bigint NOT NULL,
	"enabled" boolean NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_products_amounts" CHECK ("min_amount_minor" > 0 and "max_amount_minor" >= "min_amount_minor"),
	-- 1 % a day is a hard ceiling.
	CONSTRAINT "loan_products_terms" CHECK ("term_days" between 1 and 3650 and "free_days" >= 0
		and "free_days" <= "term_days" and "daily_rate_ppm" >= 0 and "daily_rate_ppm" <= 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_code" ON "loan_products" USING btree ("code");
--> statement-breakpoint
CREATE TABLE "loan_agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"product_id" bigint NOT NULL REFERENCES "public"."loan_products"("id"),
	"amount_minor" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"free_days" integer NOT NULL,
	"daily_rate_ppm" bigint NOT NULL,
	"locale" text NOT NULL,
	"pdf" bytea NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "loan_agreements_sha256" CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "loan_agreements_amount" CHECK ("amount_minor" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loan_agreements_user_sha" ON "loan_agreements" USING btree ("user_id", "sha256");
--> statement-breakpoint
CREATE INDEX "loan_agreements_created" ON "loan_agreements" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "public"."users"("id"),
	"product_id" bigint NOT NULL REFERENCES "public"."loan_products"("id"),
	"amount_minor" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"free_days" integer NOT NULL,
	"daily_rate_ppm" bigint NOT NULL,
	"interest_minor" bigint NOT NULL,
	"repay_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"agreement_sha256" text NOT NULL,
	"signed_file" text NOT NULL,
	"signed_sha256" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"reason" text,
	"reviewed_by" bigint REFERENCES "public"."admins"("id"),
	"reviewed_at" timestamp (3) with time zone,
	"disburse_entry_id" bigint REFERENCES "public"."journal_entries"("id"),
	"repay_due_at" timestamp (3) with time zone,
	"overdue_at" timestamp (3) with time zone,
	"repay_entry_id" bigint REFERENCES "public"."journal_entries"("id"),
	"repaid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "loans_status" CHECK ("status" in ('pending', 'rejected', 'repaying', 'overdue', 'repaid')),
	CONSTRAINT "loans_amounts" CHECK ("amount_minor" > 0 and "interest_minor" >= 0
		and "repay_minor" = "amount_minor" + "interest_minor" and "term_days" > 0 and "free_days" >= 0
		and "daily_rate_ppm" >= 0),
	CONSTRAINT "loans_disbursed" CHECK (("status" in ('repaying', 'overdue', 'repaid'))
		= ("disburse_entry_id" is not null and "repay_due_at" is not null)),
	CONSTRAINT "loans_repaid" CHECK (("status" = 'repaid') = ("repay_entry_id" is not null and "repaid_at" is not null)),
	CONSTRAINT "loans_rejected" CHECK ("status" <> 'rejected' or "reason" is not null)
);
--> statement-breakpoint
CREATE INDEX "loans_user" ON "loans" USING btree ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "loans_status" ON "loans" USING btree ("status", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open" ON "loans" USING btree ("user_id") WHERE "loans"."status" in ('pending', 'repaying', 'overdue');
--> statement-breakpoint
CREATE UNIQUE INDEX "loans_disburse_entry" ON "loans" USING btree ("disburse_entry_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "loans_repay_entry" ON "loans" USING btree ("repay_entry_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loans_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a loan is never deleted (loan %)', OLD.id;
  END IF;
  IF NOT ((OLD.status = 'pending' AND NEW.status IN ('rejected', 'repaying'))
       OR (OLD.status = 'repaying' AND NEW.status IN ('overdue', 'repaid'))
       OR (OLD.status = 'overdue' AND NEW.status = 'repaid')) THEN
    RAISE EXCEPTION 'a loan cannot go from % to % (loan %)', OLD.status, NEW.status, OLD.id;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.product_id, NEW.amount_minor, NEW.term_days, NEW.free_days, NEW.daily_rate_ppm,
      NEW.interest_minor, NEW.repay_minor, NEW.agreement_sha256, NEW.signed_file, NEW.signed_sha256,
      NEW.signed_at, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.product_id, OLD.amount_minor, OLD.term_days, OLD.free_days, OLD.daily_rate_ppm,
      OLD.interest_minor, OLD.repay_minor, OLD.agreement_sha256, OLD.signed_file, OLD.signed_sha256,
      OLD.signed_at, OLD.created_at) THEN
    RAISE EXCEPTION 'a loan''s terms and agreement never change (loan %)', OLD.id;
  END IF;
  -- What a decision wrote (who, when, the disbursement) stays as written.
  IF OLD.status <> 'pending' AND (NEW.reviewed_by, NEW.reviewed_at, NEW.reason, NEW.disburse_entry_id, NEW.repay_due_at)
     IS DISTINCT FROM (OLD.reviewed_by, OLD.reviewed_at, OLD.reason, OLD.disburse_entry_id, OLD.repay_due_at) THEN
    RAISE EXCEPTION 'a loan''s decision never changes (loan %)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER loans_guard BEFORE UPDATE OR DELETE ON loans
  FOR EACH ROW EXECUTE FUNCTION loans_guard();
--> statement-breakpoint
INSERT INTO "loan_products" ("code", "names", "min_amount_minor", "max_amount_minor", "term_days", "free_days",
	"daily_rate_ppm", "enabled", "sort", "created_at") VALUES
('quick-15', '{"en":"Quick loan · 15 days","ja":"クイックローン・15日","ko":"빠른 대출 · 15일","de":"Schnellkredit · 15 Tage","fr":"Prêt rapide · 15 jours","it":"Prestito rapido · 15 giorni","es":"Préstamo rápido · 15 días","ar":"قرض سريع · 15 يومًا","th":"สินเชื่อด่วน · 15 วัน","zh-TW":"快速借款・15 天","zh-CN":"快速借款・15 天"}',
	100000000, 2000000000, 15, 7, 500, true, 1, now()),
('standard-30', '{"en":"Standard loan · 30 days","ja":"スタンダードローン・30日","ko":"표준 대출 · 30일","de":"Standardkredit · 30 Tage","fr":"Prêt standard · 30 jours","it":"Prestito standard · 30 giorni","es":"Préstamo estándar · 30 días","ar":"قرض قياسي · 30 يومًا","th":"สินเชื่อมาตรฐาน · 30 วัน","zh-TW":"標準借款・30 天","zh-CN":"标准借款・30 天"}',
	500000000, 10000000000, 30, 7, 400, true, 2, now()),
('extended-90', '{"en":"Extended loan · 90 days","ja":"長期ローン・90日","ko":"장기 대출 · 90일","de":"Langzeitkredit · 90 Tage","fr":"Prêt longue durée · 90 jours","it":"Prestito lungo · 90 giorni","es":"Préstamo largo · 90 días","ar":"قرض ممتد · 90 يومًا","th":"สินเชื่อระยะยาว · 90 วัน","zh-TW":"長期借款・90 天","zh-CN":"长期借款・90 天"}',
	1000000000, 50000000000, 90, 7, 300, true, 3, now());
