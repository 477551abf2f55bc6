-- Plans no loan can fund at a profit (issue 24, DESIGN.md §1.11): a plan pays no more over its term than
-- borrowing for those days costs with any loan on offer (contract product-rates.ts). The seeded plans broke
-- that against the seeded loans (0013: 7 free days, then 0.03–0.05 % a day): Steady's 7 days fell inside the
-- free days, and Growth paid up to 0.05 % a day. An install's seeded plans move to smart/seed.ts's values:
-- Steady 7 days → 14 days (0.01 % a day: 0.14 % against 0.21 %), Growth 30/90/180 days at 0.02/0.025/0.026 %
-- a day. Only a plan that still holds its seeded product, days and rate changes: an operator's own rate or
-- plan is theirs, and the back office now refuses it if it breaks the rule. Running orders copied their rate
-- and days at purchase and are not touched; a customer whose screen showed the old terms gets 10112.
-- Each product changed is marked updated now.
WITH "moved" AS (
  UPDATE "smart_product_plans" AS pl SET "days" = 14
  FROM "smart_products" AS p
  WHERE p."id" = pl."product_id" AND p."code" = 'steady' AND pl."days" = 7 AND pl."daily_rate_e8" = 10000
    AND NOT EXISTS (
      SELECT 1 FROM "smart_product_plans" AS o WHERE o."product_id" = pl."product_id" AND o."days" = 14)
  RETURNING pl."product_id"
)
UPDATE "smart_products" SET "updated_at" = now() WHERE "id" IN (SELECT "product_id" FROM "moved");
--> statement-breakpoint
-- Steady already offering 14 days of its operator's: the seeded 7-day plan is withdrawn rather than moved.
WITH "withdrawn" AS (
  DELETE FROM "smart_product_plans" AS pl USING "smart_products" AS p
  WHERE p."id" = pl."product_id" AND p."code" = 'steady' AND pl."days" = 7 AND pl."daily_rate_e8" = 10000
  RETURNING pl."product_id"
)
UPDATE "smart_products" SET "updated_at" = now() WHERE "id" IN (SELECT "product_id" FROM "withdrawn");
--> statement-breakpoint
WITH "repriced" AS (
  UPDATE "smart_product_plans" AS pl SET "daily_rate_e8" = v."new_rate"
  FROM "smart_products" AS p,
    (VALUES (30, 30000, 20000), (90, 40000, 25000), (180, 50000, 26000)) AS v("days", "old_rate", "new_rate")
  WHERE p."id" = pl."product_id" AND p."code" = 'growth' AND pl."days" = v."days"
    AND pl."daily_rate_e8" = v."old_rate"
  RETURNING pl."product_id"
)
UPDATE "smart_products" SET "updated_at" = now() WHERE "id" IN (SELECT "product_id" FROM "repriced");
