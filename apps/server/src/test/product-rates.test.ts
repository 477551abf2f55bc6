// No free money between products (DESIGN.md §1.11, issue 24): the products on offer pass the rate rule
// (contract product-rates.ts) pair by pair, and the back office refuses with 10174 — a message under the field
// that breaks it, naming the other product — a smart plan paying more over its term than a loan on offer
// costs for those days, and a loan product on offer that would fund a plan on offer at a profit. Products
// off offer are not counted. Both editors take one lock, so two edits that pass alone cannot together break it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoanProduct, AdminSmartProduct, LoanProduct, SmartProduct } from '@tradewind/contract';
import { parseDailyRate as parseLoanRate } from '@tradewind/contract/loan-math';
import { parseDailyRate as parsePlanRate } from '@tradewind/contract/smart-math';
import { borrowingCostE8, planYieldE8, ratesArbitrage } from '@tradewind/contract/product-rates';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { client, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let finance: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  finance = client(t.app, { token: await adminLogin(t, 'finance') });
});
afterAll(async () => t.close());

type Refusal = { fields: Record<string, string> };
const smartBase = '/admin/api/smart-products';
const loanBase = '/admin/api/loan-products';

const smartBody = (over: Record<string, unknown> = {}) => ({
  code: `r-${randomUUID().slice(0, 8)}`,
  names: { en: 'Harbour' },
  descriptions: { en: 'A fixed rate.' },
  minAmount: '50',
  maxAmount: '5000',
  earlyExitPenaltyPct: '5',
  plans: [{ days: 30, dailyRate: '0.0002' }],
  enabled: true,
  reason: 'rate rule test',
  ...over,
});
const loanBody = (over: Record<string, unknown> = {}) => ({
  code: `r-${randomUUID().slice(0, 8)}`,
  names: { en: 'Bridge', de: 'Brücke' },
  minAmount: '100',
  maxAmount: '2000',
  termDays: 30,
  freeDays: 7,
  dailyRate: '0.0004',
  enabled: true,
  reason: 'rate rule test',
  ...over,
});

/** What customers are offered now: the plans and loans a customer could combine. */
async function offered() {
  const api = client(t.app);
  const smart = (await api.get<SmartProduct[]>('/api/swx/customer/index/listSmartProduct')).body.result;
  const loans = (await api.get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct')).body.result;
  return {
    plans: smart.flatMap((p) =>
      p.plans.map((plan) => ({
        name: `${p.name} ${plan.days} d`,
        days: plan.days,
        dailyRateE8: parsePlanRate(plan.dailyRate) ?? 0n,
      })),
    ),
    loans: loans.map((l) => ({ ...l, dailyRatePpm: parseLoanRate(l.dailyRate) })),
  };
}

async function smartProduct(word: string): Promise<AdminSmartProduct> {
  const all = (await finance.get<AdminSmartProduct[]>(smartBase)).body.result;
  const found = all.find((p) => p.names.en?.startsWith(word));
  if (!found) throw new Error(`no smart product ${word}`);
  return found;
}

async function loanProduct(code: string): Promise<AdminLoanProduct> {
  const found = (await finance.get<AdminLoanProduct[]>(loanBase)).body.result.find((p) => p.code === code);
  if (!found) throw new Error(`no loan product ${code}`);
  return found;
}

describe('the seeded products', () => {
  it('every loan × plan pair on offer: the plan pays no more over its term than borrowing for its days costs', async () => {
    const { plans, loans } = await offered();
    const pairs = plans.flatMap((plan) =>
      loans.map((loan) => ({
        pair: `${plan.name} × ${loan.name}`,
        yieldE8: planYieldE8(plan),
        costE8: borrowingCostE8(loan, plan.days),
      })),
    );
    expect(pairs).toHaveLength(21);
    for (const p of pairs) expect(p.yieldE8 <= p.costE8, `${p.pair}: ${p.yieldE8} > ${p.costE8}`).toBe(true);
    expect(ratesArbitrage(plans, loans)).toBeUndefined();
    // The tightest pair: Growth 180 days pays 4.68 %, six quick loans of 15 days in a row cost 4.8 %.
    expect(pairs.find((p) => p.pair === 'Growth plan 180 d × Quick loan · 15 days')).toMatchObject({
      yieldE8: 4_680_000n,
      costE8: 4_800_000n,
    });
  });
});

describe('a smart plan above a loan’s cost', () => {
  it('is refused (10174) under its rate, naming the loan and the highest rate that passes; nothing is saved', async () => {
    // 14 days at 0.02 %: 0.28 %, above the 0.21 % of 7 charged days at 0.03 % (extended-90); 30 days pass.
    const body = smartBody({
      plans: [
        { days: 14, dailyRate: '0.0002' },
        { days: 30, dailyRate: '0.0002' },
      ],
    });
    const refused = await finance.post<Refusal>(smartBase, { body });
    expect([refused.status, refused.body.code]).toEqual([422, '10174']);
    expect(refused.body.message).toBe(
      'This rate pays more over 14 days than borrowing costs with “Extended loan · 90 days”: a customer could fund the plan with that loan at a profit',
    );
    expect(refused.body.result.fields).toEqual({
      'plans.0.dailyRate':
        'Over 14 days this rate pays 0.28 % of the amount, more than borrowing for those days costs with “Extended loan · 90 days” (0.21 %): at most 0.015 % a day',
    });
    expect((await finance.get<AdminSmartProduct[]>(smartBase)).body.result.map((p) => p.code)).not.toContain(
      body.code,
    );
    // At the highest rate that passes, equal to the loan's cost: saved.
    const equal = await finance.post(smartBase, {
      body: { ...body, plans: [{ days: 14, dailyRate: '0.00015' }] },
    });
    expect(equal.status, JSON.stringify(equal.body)).toBe(200);
  });

  it('names the loan in the admin’s language', async () => {
    const refused = await client(t.app, { token: await adminLogin(t, 'finance'), lang: 'de' }).post<Refusal>(
      smartBase,
      { body: smartBody({ plans: [{ days: 90, dailyRate: '0.0003' }] }) },
    );
    expect(refused.body.code).toBe('10174');
    // 90 days at 0.03 %: 2.7 %; six quick loans cost 2.4 %.
    expect(refused.body.result.fields['plans.0.dailyRate']).toBe(
      'Über 90 Tage bringt dieser Satz 2.7 % des Betrags, mehr als ein Kredit „Schnellkredit · 15 Tage“ für diese Tage kostet (2.4 %): höchstens 0.026666 % pro Tag',
    );
  });

  it('an edit of a plan on offer is refused and leaves the product as it was', async () => {
    const steady = await smartProduct('Steady');
    const refused = await finance.post<Refusal>(`${smartBase}/${steady.id}`, {
      body: {
        plans: steady.plans.map((p) => (p.days === 30 ? { ...p, dailyRate: '0.0003' } : p)),
        reason: 'rates review',
      },
    });
    expect([refused.status, refused.body.code]).toEqual([422, '10174']);
    expect(Object.keys(refused.body.result.fields)).toEqual(['plans.1.dailyRate']);
    expect((await smartProduct('Steady')).plans).toEqual(steady.plans);
  });

  it('off offer it is saved, and refused when put on offer; a loan off offer is not counted', async () => {
    const off = await finance.post<AdminSmartProduct>(smartBase, {
      body: smartBody({ plans: [{ days: 14, dailyRate: '0.0009' }], enabled: false }),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const on = await finance.post<Refusal>(`${smartBase}/${off.body.result.id}`, {
      body: { enabled: true, reason: 'on offer' },
    });
    expect([on.status, on.body.code]).toEqual([422, '10174']);
    expect(Object.keys(on.body.result.fields)).toEqual(['plans.0.dailyRate']);
    // A loan that costs nothing (every day free), off offer: plans on offer are still checked only against
    // the loans a customer can take.
    const free = await finance.post(loanBase, {
      body: loanBody({ termDays: 30, freeDays: 30, enabled: false }),
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect((await finance.post(smartBase, { body: smartBody() })).status).toBe(200);
  });
});

describe('a loan product cheaper than a plan pays', () => {
  it('is refused (10174) under its rate and free days, naming the plan; nothing is saved', async () => {
    // 14 free days of 30: borrowing for 14 days costs nothing, Steady's 14 days pay 0.14 %.
    const body = loanBody({ freeDays: 14 });
    const refused = await finance.post<Refusal>(loanBase, { body });
    expect([refused.status, refused.body.code]).toEqual([422, '10174']);
    expect(refused.body.message).toBe(
      'This rate pays more over 14 days than borrowing costs with “Bridge”: a customer could fund the plan with that loan at a profit',
    );
    expect(refused.body.result.fields).toEqual({
      dailyRate:
        'Borrowing for 14 days on these terms costs 0 % of the amount, less than “Steady plan” pays over those days (0.14 %): a customer could fund the plan with this loan at a profit',
      freeDays: 'Fewer interest-free days also raise the cost of borrowing for 14 days',
    });
    expect((await finance.get<AdminLoanProduct[]>(loanBase)).body.result.map((p) => p.code)).not.toContain(
      body.code,
    );
  });

  it('an edit of a loan on offer is refused and leaves it as it was', async () => {
    const extended = await loanProduct('extended-90');
    // 0.02 % a day: 90 days cost 83 × 0.02 % = 1.66 %, Steady's 90 days pay 1.8 % (14 and 30 days still pass).
    const refused = await finance.post<Refusal>(`${loanBase}/${extended.id}`, {
      body: { dailyRate: '0.0002', reason: 'cheaper loans' },
    });
    expect([refused.status, refused.body.code]).toEqual([422, '10174']);
    expect(refused.body.result.fields.dailyRate).toBe(
      'Borrowing for 90 days on these terms costs 1.66 % of the amount, less than “Steady plan” pays over those days (1.8 %): a customer could fund the plan with this loan at a profit',
    );
    expect(await loanProduct('extended-90')).toEqual(extended);
  });

  it('off offer it is saved, and refused when put on offer; a plan off offer is not counted', async () => {
    const off = await finance.post<AdminLoanProduct>(loanBase, {
      body: loanBody({ freeDays: 0, dailyRate: '0.0001', enabled: false }),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const on = await finance.post<Refusal>(`${loanBase}/${off.body.result.id}`, {
      body: { enabled: true, reason: 'on offer' },
    });
    expect([on.status, on.body.code]).toEqual([422, '10174']);
    // No free days: the message is under the rate only.
    expect(Object.keys(on.body.result.fields)).toEqual(['dailyRate']);
    // A plan paying 0.09 % a day for 14 days, off offer: a loan on offer is checked against the plans a
    // customer can buy.
    const plan = await finance.post(smartBase, {
      body: smartBody({ plans: [{ days: 14, dailyRate: '0.0009' }], enabled: false }),
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect((await finance.post(loanBase, { body: loanBody() })).status).toBe(200);
  });

  it('disabling a loan or a plan is never refused', async () => {
    const quick = await loanProduct('quick-15');
    const off = await finance.post<AdminLoanProduct>(`${loanBase}/${quick.id}`, {
      body: { enabled: false, freeDays: 15, reason: 'paused' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const back = await finance.post(`${loanBase}/${quick.id}`, {
      body: { enabled: true, freeDays: 7, reason: 'back on offer' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const steady = await smartProduct('Steady');
    const paused = await finance.post(`${smartBase}/${steady.id}`, {
      body: { enabled: false, plans: [{ days: 7, dailyRate: '0.0001' }], reason: 'paused' },
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const restored = await finance.post(`${smartBase}/${steady.id}`, {
      body: { enabled: true, plans: steady.plans, reason: 'back on offer' },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  });
});

describe('two editors at once', () => {
  it('a plan raise and a cheaper loan that each pass alone: one is saved, the other refused', async () => {
    // Growth 90 days at 0.0265 %: 2.385 %, under the 2.4 % of quick loans. A 90-day loan at 0.0285 % with 7
    // free days: 83 × 0.0285 % = 2.3655 % for 90 days, above the 2.25 % Growth pays now (and every other plan).
    const growth = await smartProduct('Growth');
    const raise = finance.post(`${smartBase}/${growth.id}`, {
      body: {
        plans: growth.plans.map((p) => (p.days === 90 ? { ...p, dailyRate: '0.000265' } : p)),
        reason: 'rate review',
      },
    });
    const cheaper = finance.post(loanBase, {
      body: loanBody({ termDays: 90, freeDays: 7, dailyRate: '0.000285' }),
    });
    const answers = await Promise.all([raise, cheaper]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10174', '200']);
    const { plans, loans } = await offered();
    expect(ratesArbitrage(plans, loans)).toBeUndefined();
  });
});

describe('the late cost against the loans on offer', () => {
  // The bound counts a day past a loan's date at no less than the loan's own rate (product-rates.ts).
  it('refuses a loan dearer a day than being late, and a late cost below a loan on offer', async () => {
    const dear = await finance.post<Refusal>(loanBase, { body: loanBody({ dailyRate: '0.0011' }) });
    expect([dear.status, dear.body.code]).toEqual([422, '10174']);
    expect(dear.body.result.fields.dailyRate).toContain('0.1 %');

    const superadmin = client(t.app, { token: await adminLogin(t, 'superadmin') });
    const lower = (value: string) =>
      superadmin.post<Refusal>('/admin/api/params/loan_overdue_daily_rate', {
        body: { value, reason: 'late cost review' },
      });
    // Quick loans cost 0.05 % a day: a late cost of 0.04 % would make lateness the cheaper way to keep money.
    const refused = await lower('0.0004');
    expect([refused.status, refused.body.code]).toEqual([400, '10000']);
    expect(refused.body.result.fields.value).toContain('0.05 %');
    const kept = await client(t.app).get<{ value: string }>(
      '/api/swx/customer/index/getParamByKey/loan_overdue_daily_rate',
    );
    expect(kept.body.result.value).toBe('0.001');
    expect((await lower('0.0005')).status).toBe(200);
    expect((await lower('0.001')).status).toBe(200);
  });
});
