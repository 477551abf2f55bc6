// buySmart binds every term the product card disclosed (issue 21): the plan's `termsSha256` covers the
// product, days, daily rate, amounts and early-exit penalty, so a penalty raised between the card and the
// confirm click answers 10112 and nothing moves; the same body with the new card's hash then buys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { books, buySmart, fundedCustomer, productNamed, quote } from './testing.ts';
import { smartProducts } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t.close());

describe('buySmart terms hash', () => {
  it('an early-exit penalty changed after the card was shown: 10112, nothing held; the new card buys', async () => {
    const who = await fundedCustomer(t, '5000');
    const card = await productNamed(t, 'Steady');
    const plan = card.plans[0];
    if (!plan) throw new Error('Steady offers a plan');
    const shown = quote(card, plan.days, card.minAmount);
    const [row] = await t.ctx.db
      .select()
      .from(smartProducts)
      .where(eq(smartProducts.id, Number(card.id)));
    if (!row) throw new Error('Steady is stored');
    // An operator raises the penalty (what the back office's edit writes) after the customer saw the card.
    await t.ctx.db
      .update(smartProducts)
      .set({ earlyExitPenaltyBps: row.earlyExitPenaltyBps + 100 })
      .where(eq(smartProducts.id, row.id));
    const before = await books(t, who);
    const refused = await buySmart(t, who, shown);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: '10112' });
    expect(await books(t, who)).toEqual(before);

    const again = await productNamed(t, 'Steady');
    const newPlan = again.plans.find((p) => p.days === plan.days);
    expect(newPlan?.termsSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(newPlan?.termsSha256).not.toBe(plan.termsSha256);
    expect(again.earlyExitPenaltyPct).not.toBe(card.earlyExitPenaltyPct);
    const bought = await buySmart(t, who, quote(again, plan.days, again.minAmount));
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  });

  it('each plan of a product has its own hash', async () => {
    const card = await productNamed(t, 'Growth');
    const hashes = new Set(card.plans.map((p) => p.termsSha256));
    expect(hashes.size).toBe(card.plans.length);
  });
});
