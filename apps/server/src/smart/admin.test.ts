// Smart products in the back office (issue 13): finance and superadmin create, edit and disable them, each
// change audited with its reason; a rate above smart_daily_rate_max is refused; a running order keeps the
// rate and penalty it was bought at while new orders take the new ones.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSmartProduct, Page } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { buySmart, fundedCustomer, getOrder, productNamed, products, quote } from './testing.ts';

let t: TestApp;
let finance: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  finance = client(t.app, { token: await adminLogin(t, 'finance') });
});
afterAll(async () => t.close());

const newProduct = (over: Record<string, unknown> = {}) => ({
  code: `p-${randomUUID().slice(0, 8)}`,
  names: { en: 'Harbour', ar: 'المرفأ' },
  descriptions: { en: 'A fixed rate for 14 or 60 days.' },
  minAmount: '50',
  maxAmount: '5000',
  earlyExitPenaltyPct: '3',
  // Under what the seeded loans cost for those days (0.21 % and 1.59 %): test/product-rates.test.ts.
  plans: [
    { days: 14, dailyRate: '0.0001' },
    { days: 60, dailyRate: '0.00025' },
  ],
  enabled: true,
  reason: 'new product for Q3',
  ...over,
});

async function audit(target: string) {
  const res = await finance.get<
    Page<{ action: string; target: string; before: unknown; after: unknown; reason: string }>
  >('/admin/api/audit', { query: { size: '100' } });
  return res.body.result.list.filter((a) => a.target === target);
}

describe('smart products in the back office', () => {
  it('finance creates one: listed to customers with its plans, audited with the reason', async () => {
    const created = await finance.post<AdminSmartProduct>('/admin/api/smart-products', {
      body: newProduct(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({ earningOrders: 0, enabled: true, minAmount: '50' });
    const listed = (await products(t, 'ar')).find((p) => p.id === created.body.result.id);
    expect(listed).toMatchObject({
      name: 'المرفأ',
      plans: [{ days: 14, dailyRate: '0.0001' }, { days: 60 }],
    });
    const [row] = await audit(`smartProduct:${created.body.result.id}`);
    expect(row).toMatchObject({ action: 'smartProduct.create', reason: 'new product for Q3' });
  });

  it('refuses a code in use (10149), a rate above smart_daily_rate_max, a name in no language, and support', async () => {
    const body = newProduct();
    expect((await finance.post('/admin/api/smart-products', { body })).status).toBe(200);
    const again = await finance.post('/admin/api/smart-products', { body });
    expect([again.status, again.body.code]).toEqual([409, '10149']);
    const high = await finance.post<{ fields: Record<string, string> }>('/admin/api/smart-products', {
      body: newProduct({ plans: [{ days: 7, dailyRate: '0.0011' }] }),
    });
    expect(high.body.result.fields).toEqual({ 'plans.0.dailyRate': 'Must be at most 0.1 %' });
    const noEnglish = await finance.post<{ fields: Record<string, string> }>('/admin/api/smart-products', {
      body: newProduct({ names: { xx: 'Harbour' } }),
    });
    expect(Object.keys(noEnglish.body.result.fields).sort()).toEqual(['names.en', 'names.xx']);
    const support = client(t.app, { token: await adminLogin(t, 'support') });
    expect((await support.get('/admin/api/smart-products')).body.code).toBe('10019');
  });

  it('an edit reaches new orders only: the running order keeps its rate and penalty', async () => {
    const steady = await productNamed(t, 'Steady');
    const who = await fundedCustomer(t, '1000');
    const running = (await buySmart(t, who, quote(steady, 30, '500'))).body.result;
    expect(running.dailyRate).toBe('0.00015');
    const current = (await finance.get<AdminSmartProduct[]>('/admin/api/smart-products')).body.result.find(
      (p) => p.id === steady.id,
    );
    expect(current?.earningOrders).toBe(1);
    const saved = await finance.post<AdminSmartProduct>(`/admin/api/smart-products/${steady.id}`, {
      body: {
        plans: [
          { days: 30, dailyRate: '0.0002' },
          { days: 90, dailyRate: '0.00025' },
        ],
        earlyExitPenaltyPct: '8',
        reason: 'rates follow the market',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ earlyExitPenaltyPct: '8', minAmount: current?.minAmount });
    const kept = await getOrder(t, who, running.id);
    expect(kept).toMatchObject({ dailyRate: '0.00015', totalInterest: running.totalInterest });
    // The order's penalty is still the old 5 %: 5 % of the principal, no interest paid yet.
    expect(kept.redeemPenalty).toBe('25');
    const [row] = await audit(`smartProduct:${steady.id}`);
    expect(row).toMatchObject({
      action: 'smartProduct.update',
      reason: 'rates follow the market',
      before: { earlyExitPenaltyPct: '5' },
      after: { earlyExitPenaltyPct: '8' },
    });
    // A customer whose screen showed the old rate is told the terms changed; the new rate applies after.
    const other = await fundedCustomer(t, '1000');
    expect((await buySmart(t, other, { ...quote(steady, 30, '500') })).body.code).toBe('10112');
    const fresh = await buySmart(t, other, quote(await productNamed(t, 'Steady'), 30, '500'));
    expect(fresh.body.result.dailyRate).toBe('0.0002');
  });

  it('disabling takes it off the list and refuses new orders (10010); the running order earns on', async () => {
    const created = (
      await finance.post<AdminSmartProduct>('/admin/api/smart-products', { body: newProduct() })
    ).body.result;
    const listed = (await products(t)).find((p) => p.id === created.id);
    if (!listed) throw new Error('not listed');
    const who = await fundedCustomer(t, '500');
    const running = (await buySmart(t, who, quote(listed, 14, '100'))).body.result;
    const off = await finance.post<AdminSmartProduct>(`/admin/api/smart-products/${created.id}`, {
      body: { enabled: false, reason: 'withdrawn from sale' },
    });
    expect(off.body.result).toMatchObject({ enabled: false, earningOrders: 1 });
    expect((await products(t)).some((p) => p.id === created.id)).toBe(false);
    const other = await fundedCustomer(t, '500');
    expect((await buySmart(t, other, quote(listed, 14, '100'))).body.code).toBe('10010');
    expect((await getOrder(t, who, running.id)).status).toBe('earning');
  });

  it('refuses any field that is not a term, an empty edit and an edit without a reason', async () => {
    const steady = await productNamed(t, 'Steady');
    for (const body of [
      { price: '1', reason: 'x' },
      { plans: [{ days: 7, dailyRate: '0.0001', rate: '1' }], reason: 'x' },
      { reason: 'only a reason' },
      { enabled: true },
      { code: 'renamed', reason: 'x' },
    ]) {
      const res = await finance.post(`/admin/api/smart-products/${steady.id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await finance.post('/admin/api/smart-products/999999', { body: { enabled: true, reason: 'x' } })).body
        .code,
    ).toBe('10111');
  });
});
