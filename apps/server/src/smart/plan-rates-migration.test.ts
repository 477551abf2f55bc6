// Migration 0030 on an install seeded before issue 24: the seeded plans a loan could fund at a profit move to
// smart/seed.ts's values, and every seeded loan × plan pair then passes the rate rule; a plan an operator set
// (another rate, another product, a 14-day Steady plan of their own) is left as it is. Runs the migration files
// before 0030, writes the old seed's rows, then runs 0030 (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { afterEach, describe, expect, it } from 'vitest';
import { ratesArbitrage } from '@tradewind/contract/product-rates';
import { migrate, migrationTags, openRawDb, type RawDb } from '../test/migrations.ts';

const migration = '0030_plan_rates_below_loan_cost';

/** smart/seed.ts before issue 24: product codes, and each plan's days and rate (1e-8 a day). */
const oldSeed: Record<string, [number, number][]> = {
  steady: [
    [7, 10_000],
    [30, 15_000],
    [90, 20_000],
    [180, 25_000],
  ],
  growth: [
    [30, 30_000],
    [90, 40_000],
    [180, 50_000],
  ],
};

async function insertProduct(db: RawDb, id: number, code: string, plans: [number, number][]) {
  await db.query(`
    insert into smart_products (id, code, names, descriptions, min_amount_minor, max_amount_minor,
      early_exit_penalty_bps, enabled, sort, created_at, updated_at)
    values (${id}, '${code}', '{"en":"${code}"}', '{"en":"-"}', 100000000, 50000000000, 500, true, ${id},
      '2026-11-01', '2026-11-01');
    insert into smart_product_plans (product_id, days, daily_rate_e8)
      values ${plans.map(([days, rate]) => `(${id}, ${days}, ${rate})`).join(', ')};`);
}

type PlanRow = { code: string; days: number; daily_rate_e8: number; updated: boolean };
const plansOf = (db: RawDb) =>
  db.query<PlanRow>(`
    select p.code, pl.days, pl.daily_rate_e8, p.updated_at > '2026-11-02' as updated
    from smart_product_plans pl join smart_products p on p.id = pl.product_id order by p.id, pl.days`);

let db: RawDb | undefined;
afterEach(async () => {
  await db?.close();
  await db?.dispose();
  db = undefined;
});

async function before0030(): Promise<RawDb> {
  const opened = await openRawDb();
  for (const tag of await migrationTags((idx) => idx < 30)) await migrate(opened, tag);
  return opened;
}

// Each test opens its own database and runs the 30 migrations before 0030: seconds on a quiet machine, but a
// busy 2-core CI box once took over the default minute.
describe('migration 0030 on the plans seeded before it', { timeout: 180_000 }, () => {
  it('moves the seeded plans to the current seed, and every seeded loan × plan pair then passes', async () => {
    db = await before0030();
    await insertProduct(db, 1, 'steady', oldSeed.steady ?? []);
    await insertProduct(db, 2, 'growth', oldSeed.growth ?? []);
    await migrate(db, migration);

    expect((await plansOf(db)).map((r) => [r.code, r.days, r.daily_rate_e8, r.updated])).toEqual([
      ['steady', 14, 10_000, true],
      ['steady', 30, 15_000, true],
      ['steady', 90, 20_000, true],
      ['steady', 180, 25_000, true],
      ['growth', 30, 20_000, true],
      ['growth', 90, 25_000, true],
      ['growth', 180, 26_000, true],
    ]);
    // The loans as migration 0013 seeded them, against the plans as they now stand.
    const loans = await db.query<{ code: string; term_days: number; free_days: number; ppm: string }>(
      `select code, term_days, free_days, daily_rate_ppm::text as ppm from loan_products where enabled`,
    );
    expect(loans.map((l) => l.code)).toEqual(['quick-15', 'standard-30', 'extended-90']);
    const plans = (await plansOf(db)).map((r) => ({ days: r.days, dailyRateE8: r.daily_rate_e8 }));
    for (const l of loans) {
      const loan = { termDays: l.term_days, freeDays: l.free_days, dailyRatePpm: BigInt(l.ppm) };
      expect(ratesArbitrage(plans, [loan]), l.code).toBeUndefined();
    }
  });

  it('leaves an operator’s rates and products alone, and withdraws the 7-day plan beside their own 14-day one', async () => {
    db = await before0030();
    // Steady: the seeded 7-day plan, and a 14-day plan the operator added; the 90-day rate is theirs.
    await insertProduct(db, 1, 'steady', [
      [7, 10_000],
      [14, 9_000],
      [90, 21_000],
    ]);
    // Growth: the 30-day plan still seeded, the 90-day rate the operator's; a product of their own.
    await insertProduct(db, 2, 'growth', [
      [30, 30_000],
      [90, 41_000],
    ]);
    await insertProduct(db, 3, 'harbour', [[30, 30_000]]);
    await migrate(db, migration);

    expect((await plansOf(db)).map((r) => [r.code, r.days, r.daily_rate_e8, r.updated])).toEqual([
      ['steady', 14, 9_000, true],
      ['steady', 90, 21_000, true],
      ['growth', 30, 20_000, true],
      ['growth', 90, 41_000, true],
      ['harbour', 30, 30_000, false],
    ]);
  });
});
