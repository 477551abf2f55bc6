// Smart plans end to end (issue 10 "Proof"), on the real app and database: the products in the request's
// language, every buySmart refusal code moving nothing, the principal into plan principal in one entry,
// replays, IDOR, the daily interest paid once per day (catch-up after missed days, two runners racing),
// maturity and auto-renew at the rate then in force, and the early exit with interest paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SmartOrder } from '@tradewind/contract';
import { formatMinor, parseDecimal } from '@tradewind/contract/money';
import {
  earlyExitPenaltyMinor,
  interestOfDayMinor,
  parseDailyRate,
  totalInterestMinor,
} from '@tradewind/contract/smart-math';
import { auditLedger } from '../ledger/service.ts';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { describeError } from '../orders/rules-testing.ts';
import { SmartPlans } from './service.ts';
import { smartInterestPayments, smartOrders } from './tables.ts';
import {
  advanceAndRun,
  books,
  buySmart,
  dayMs,
  entriesOf,
  fundedCustomer,
  getOrder,
  listOrders,
  paymentsOf,
  productNamed,
  products,
  quote,
  redeemSmart,
  setAutoRenew,
  type Customer,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  // The job runs here only when a test says so (runDue at the manual clock's time), not on its timer.
  await t.app.smart.stop();
}, 120_000);
afterAll(async () => t.close());

const usdt = (text: string) => parseDecimal(text, 6);
const money = (minor: bigint) => formatMinor(minor, 6);

async function expectBalanced(): Promise<void> {
  expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
}

async function expectRefused(who: Customer, body: unknown, code: string, status: number, book?: 'NO') {
  const before = await books(t, who);
  const res = await buySmart(t, who, body, book ? { book } : {});
  expect({ status: res.status, code: res.body.code }, JSON.stringify(res.body)).toEqual({ status, code });
  expect(await books(t, who)).toEqual(before);
}

describe('listSmartProduct', () => {
  it('answers the seeded products with their plans and plain-words texts in the request language', async () => {
    const en = await products(t);
    expect(en.map((p) => p.name)).toEqual(['Steady plan', 'Growth plan']);
    expect(en[0]?.plans.map((p) => p.days)).toEqual([14, 30, 90, 180]);
    for (const p of en) {
      expect(p.description).toContain('paid by Tradewind from its own funds');
      expect(p.description).toContain('not an investment in trading results');
      expect(p.earlyExitPenaltyPct).toBe('5');
      for (const plan of p.plans) {
        const rate = parseDailyRate(plan.dailyRate) ?? 0n;
        // 0.005 % … 0.05 % a day.
        expect(rate >= 5_000n && rate <= 50_000n, plan.dailyRate).toBe(true);
      }
    }
    const ja = await products(t, 'ja');
    expect(ja[0]?.name).toBe('ステディプラン');
    expect(ja[0]?.description).toContain('Tradewind');
  });
});

describe('buySmart', () => {
  it('moves the principal from cash to plan principal in one entry and answers the order', async () => {
    const who = await fundedCustomer(t, '5000');
    const steady = await productNamed(t, 'Steady');
    const body = quote(steady, 30, '1000');
    const res = await buySmart(t, who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe('200');
    const o = res.body.result;
    const rate = parseDailyRate(body.quotedDailyRate) ?? 0n;
    expect(o).toMatchObject({
      productId: steady.id,
      productName: 'Steady plan',
      amount: '1000',
      days: 30,
      dailyRate: body.quotedDailyRate,
      totalInterest: money(totalInterestMinor(usdt('1000'), rate, 30)),
      interestPaid: '0',
      daysPaid: 0,
      status: 'earning',
      autoRenew: false,
      redeemPenalty: '50',
    });
    expect(o.nextEarningAt).toBe(o.startAt + dayMs);
    expect(o.maturityAt).toBe(o.startAt + 30 * dayMs);
    expect(await books(t, who)).toMatchObject({ cash: usdt('4000'), principal: usdt('1000') });
    expect(await entriesOf(t, o.id, 'smart_open')).toBe(1);
    const info = await client(t.app, { token: who.token, book: 'YES' }).post<{ frozen: string }>(
      '/api/swx/customer/user/getUserInfo',
    );
    expect(info.body.result.frozen).toBe('1000');
    await expectBalanced();
  });

  it('refuses each rule with its code and moves nothing', async () => {
    const who = await fundedCustomer(t, '2000');
    const steady = await productNamed(t, 'Steady');
    const growth = await productNamed(t, 'Growth');
    await expectRefused(who, quote(steady, 14, '100'), '10102', 403, 'NO');
    await expectRefused(who, { ...quote(steady, 14, '100'), productId: '999999' }, '10010', 404);
    await expectRefused(who, { ...quote(steady, 14, '100'), days: 8 }, '10012', 404);
    await expectRefused(who, quote(steady, 14, '99.999999'), '10013', 422);
    await expectRefused(who, quote(steady, 14, '50000.000001'), '10013', 422);
    await expectRefused(who, quote(growth, 30, '2000.000001'), '10011', 422);
    await expectRefused(who, { ...quote(steady, 14, '100'), quotedDailyRate: '0.00010001' }, '10112', 409);
    await expectRefused(who, { ...quote(steady, 14, '100'), quotedDailyRate: '0.000100001' }, '10112', 409);
    expect((await buySmart(t, who, quote(steady, 14, '100'))).body.code).toBe('200');
    // Already earning on this product, even with another duration.
    await expectRefused(who, quote(steady, 30, '100'), '10024', 409);
    // Another product is fine.
    expect((await buySmart(t, who, quote(growth, 30, '1000'))).body.code).toBe('200');
    await expectBalanced();
  });

  it('refuses a disabled product with 10010', async () => {
    const admin = await adminLogin(t, 'superadmin');
    const api = client(t.app, { token: admin });
    const created = await api.post<{ id: string }>('/admin/api/smart-products', {
      body: {
        code: `off-${randomUUID().slice(0, 8)}`,
        names: { en: 'Switched off' },
        descriptions: { en: 'Not on offer' },
        minAmount: '10',
        maxAmount: '100',
        earlyExitPenaltyPct: '5',
        plans: [{ days: 7, dailyRate: '0.0001' }],
        enabled: false,
        reason: 'a product kept off the list',
      },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe('200');
    const who = await fundedCustomer(t, '100');
    const body = {
      productId: created.body.result.id,
      days: 7,
      amount: '50',
      quotedDailyRate: '0.0001',
      termsSha256: '0'.repeat(64), // never listed, so never shown: refused as unknown before any term
    };
    await expectRefused(who, body, '10010', 404);
    expect((await products(t)).map((p) => p.id)).not.toContain(created.body.result.id);
  });

  it('replays the first answer for the same key and body, once; another body under it is 10110', async () => {
    const who = await fundedCustomer(t, '1000');
    const steady = await productNamed(t, 'Steady');
    const key = `smart-${randomUUID()}`;
    const body = quote(steady, 14, '300');
    const answers = await Promise.all([1, 2, 3].map(() => buySmart(t, who, body, { key })));
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect((await listOrders(t, who)).total).toBe(1);
    expect((await books(t, who)).cash).toBe(usdt('700'));
    const other = await buySmart(t, who, { ...body, amount: '200' }, { key });
    expect(other.body.code).toBe('10110');
    // A refusal is stored under its key too: the same key and body answer 10024 again without a new check.
    const refused = await buySmart(t, who, body);
    expect(refused.body.code).toBe('10024');
  });
});

describe('the orders are their owner’s', () => {
  it('another customer gets 10111 for the order, its early exit and its switch, and sees none in the list', async () => {
    const owner = await fundedCustomer(t, '500');
    const steady = await productNamed(t, 'Steady');
    const o = (await buySmart(t, owner, quote(steady, 14, '500'))).body.result;
    const other = await registerUser(t);
    const them = { token: other.token, id: other.id };
    const api = client(t.app, { token: other.token, book: 'YES' });
    expect((await api.get(`/api/swx/customer/order/getSmartOrderById/${o.id}`)).body.code).toBe('10111');
    expect((await redeemSmart(t, them, o.id, o.redeemPenalty ?? '0')).body.code).toBe('10111');
    expect((await setAutoRenew(t, them, o.id, true)).body.code).toBe('10111');
    expect((await listOrders(t, them)).total).toBe(0);
    expect((await getOrder(t, owner, o.id)).status).toBe('earning');
  });
});

describe('the daily interest', () => {
  // Each test has its own customer and order, started on the file's clock as it stands: none counts on days
  // another test paid.
  const earningOrder = async (): Promise<{ who: Customer; o: SmartOrder }> => {
    const who = await fundedCustomer(t, '10000');
    const growth = await productNamed(t, 'Growth');
    return { who, o: (await buySmart(t, who, quote(growth, 90, '10000'))).body.result };
  };

  it('pays nothing before the first anniversary, then day 1 at it, with a fund record and a notification', async () => {
    const { who, o } = await earningOrder();
    await advanceAndRun(t, dayMs - 1);
    expect(await paymentsOf(t, o.id)).toHaveLength(0);
    await advanceAndRun(t, 1);
    const paid = await paymentsOf(t, o.id);
    const rate = parseDailyRate(o.dailyRate) ?? 0n;
    expect(paid.map((p) => [p.day, p.amountMinor])).toEqual([
      [1, interestOfDayMinor(usdt('10000'), rate, 1)],
    ]);
    const records = await client(t.app, { token: who.token, book: 'YES' }).get<{
      list: { kind: string; amount: string }[];
    }>('/api/swx/customer/user/listFundRecord', { query: { kind: 'smart_interest' } });
    expect(records.body.result.list.map((r) => [r.kind, r.amount])).toEqual([['smart_interest', '2.5']]);
    const notes = await client(t.app, { token: who.token }).get<{ list: { kind: string; body: string }[] }>(
      '/api/swx/customer/user/listNotification',
    );
    expect(notes.body.result.list[0]).toMatchObject({ kind: 'smartInterestPaid' });
    expect(notes.body.result.list[0]?.body).toContain('2.50 USDT');
    const view = await getOrder(t, who, o.id);
    expect([view.interestPaid, view.daysPaid, view.nextEarningAt]).toEqual(['2.5', 1, o.startAt + 2 * dayMs]);
  });

  it('catches up 3 missed days at once, each once, and a second run pays nothing', async () => {
    const { who, o } = await earningOrder();
    await advanceAndRun(t, dayMs); // day 1, on time
    expect((await paymentsOf(t, o.id)).map((p) => p.day)).toEqual([1]);
    t.clock.advance(3 * dayMs);
    // Nobody ran the job for three days.
    expect((await t.app.smart.runDue(t.clock.now())).paid).toBeGreaterThanOrEqual(3);
    expect((await paymentsOf(t, o.id)).map((p) => p.day)).toEqual([1, 2, 3, 4]);
    expect((await t.app.smart.runDue(t.clock.now())).paid).toBe(0);
    expect(await entriesOf(t, o.id, 'smart_interest')).toBe(4);
    expect((await books(t, who)).cash).toBe(usdt('10'));
    await expectBalanced();
  });

  it('two runners racing on one database pay each day once', async () => {
    const { o } = await earningOrder();
    const racers = [
      t.app.smart,
      new SmartPlans(t.ctx, { isLeader: () => true }),
      new SmartPlans(t.ctx, { isLeader: () => true }),
    ];
    t.clock.advance(2 * dayMs);
    const runs = await Promise.all(racers.map((r) => r.runDue(t.clock.now())));
    expect((await paymentsOf(t, o.id)).map((p) => p.day)).toEqual([1, 2]);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBeGreaterThanOrEqual(2);
    expect(await entriesOf(t, o.id, 'smart_interest')).toBe(2);
    await expectBalanced();
  });

  it('the database refuses a second payment of a day, and any change to a paid day', async () => {
    const { o } = await earningOrder();
    await advanceAndRun(t, dayMs);
    const [first] = await paymentsOf(t, o.id);
    if (!first) throw new Error('paid day');
    await expect(
      t.ctx.db
        .insert(smartInterestPayments)
        .values({ ...first, id: undefined, entryId: null, amountMinor: 0n }),
    ).rejects.toThrow();
    await expect(
      t.ctx.db
        .update(smartInterestPayments)
        .set({ amountMinor: 1n })
        .where(eq(smartInterestPayments.id, first.id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.delete(smartInterestPayments).where(eq(smartInterestPayments.id, first.id)),
    ).rejects.toThrow();
  });
});

describe('maturity and auto-renew', () => {
  it('at maturity pays the last day, brings the principal back and completes the order', async () => {
    const who = await fundedCustomer(t, '1000');
    const steady = await productNamed(t, 'Steady');
    const o = (await buySmart(t, who, quote(steady, 14, '1000'))).body.result;
    // The customer looks in the day before (a session idle for 14 days has expired).
    await advanceAndRun(t, 13 * dayMs);
    expect(await getOrder(t, who, o.id)).toMatchObject({ status: 'earning', daysPaid: 13 });
    await advanceAndRun(t, dayMs);
    const done = await getOrder(t, who, o.id);
    expect(done).toMatchObject({ status: 'completed', daysPaid: 14, interestPaid: o.totalInterest });
    expect(done.completedAt).toBe(t.clock.now());
    expect(done.nextEarningAt).toBeUndefined();
    expect(await books(t, who)).toMatchObject({
      cash: usdt('1000') + usdt(o.totalInterest),
      principal: 0n,
    });
    expect(await entriesOf(t, o.id, 'smart_maturity')).toBe(1);
    // Completed: no early exit, no switch, no second maturity.
    expect((await redeemSmart(t, who, o.id, '0')).body.code).toBe('10112');
    expect((await setAutoRenew(t, who, o.id, true)).body.code).toBe('10112');
    await advanceAndRun(t, dayMs);
    expect(await entriesOf(t, o.id, 'smart_maturity')).toBe(1);
    // The database keeps a finished order as it is.
    await expect(
      t.ctx.db
        .update(smartOrders)
        .set({ status: 'earning' })
        .where(eq(smartOrders.id, Number(o.id))),
    ).rejects.toThrow();
    await expectBalanced();
  });

  it('with auto-renew on, a new order of the same plan starts at maturity at the rate then in force', async () => {
    const who = await fundedCustomer(t, '2000');
    const steady = await productNamed(t, 'Steady');
    const o = (await buySmart(t, who, quote(steady, 14, '2000'))).body.result;
    const on = await setAutoRenew(t, who, o.id, true);
    expect(on.body.result.autoRenew).toBe(true);
    // The back office raises the 14-day rate meanwhile: the running order keeps its rate.
    const admin = await adminLogin(t, 'superadmin');
    const api = client(t.app, { token: admin });
    const all =
      await api.get<{ id: string; code: string; plans: { days: number; dailyRate: string }[] }[]>(
        '/admin/api/smart-products',
      );
    const current = all.body.result.find((p) => p.id === steady.id);
    if (!current) throw new Error('steady');
    const saved = await api.post(`/admin/api/smart-products/${current.id}`, {
      body: {
        plans: current.plans.map((p) => (p.days === 14 ? { ...p, dailyRate: '0.00012' } : p)),
        reason: 'rate review',
      },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe('200');
    // Missed the maturity by two days: the renewal starts at the maturity and its days are caught up too.
    // (The customer looks in halfway: a session idle for 14 days has expired.)
    await advanceAndRun(t, 8 * dayMs);
    expect((await getOrder(t, who, o.id)).status).toBe('earning');
    await advanceAndRun(t, 8 * dayMs);
    const old = await getOrder(t, who, o.id);
    expect(old.status).toBe('completed');
    expect(old.dailyRate).toBe('0.0001');
    const list = (await listOrders(t, who, { status: 'earning' })).list;
    expect(list).toHaveLength(1);
    const renewed = list[0];
    expect(renewed).toMatchObject({
      renewedFromId: o.id,
      amount: '2000',
      days: 14,
      dailyRate: '0.00012',
      autoRenew: true,
      startAt: o.maturityAt,
      daysPaid: 2,
    });
    expect(await books(t, who)).toMatchObject({
      cash: usdt(o.totalInterest) + usdt(renewed?.interestPaid ?? '0'),
      principal: usdt('2000'),
    });
    const notes = await client(t.app, { token: who.token }).get<{ list: { kind: string }[] }>(
      '/api/swx/customer/user/listNotification',
      { query: { size: '50' } },
    );
    expect(notes.body.result.list.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['smartMatured', 'smartRenewed']),
    );
    await expectBalanced();
  });
});

describe('the early exit', () => {
  it('keeps pct × (principal + interest paid), returns the rest, leaves the paid interest paid', async () => {
    const who = await fundedCustomer(t, '20000');
    const growth = await productNamed(t, 'Growth');
    const o = (await buySmart(t, who, quote(growth, 180, '20000'))).body.result;
    await advanceAndRun(t, 2 * dayMs);
    const view = await getOrder(t, who, o.id);
    expect(view.daysPaid).toBe(2);
    const interest = usdt(view.interestPaid);
    const penalty = earlyExitPenaltyMinor(usdt('20000'), interest, 500n);
    expect(view.redeemPenalty).toBe(money(penalty));
    const before = await books(t, who);
    // A penalty other than the one in force moves nothing, and leaves the key unspent.
    const key = randomUUID();
    const wrong = await redeemSmart(t, who, o.id, money(penalty - 1n), key);
    expect([wrong.status, wrong.body.code]).toEqual([409, '10112']);
    expect(await books(t, who)).toEqual(before);
    const res = await redeemSmart(t, who, o.id, money(penalty), key);
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    expect(res.body.result).toMatchObject({
      status: 'redeemed',
      penalty: money(penalty),
      interestPaid: view.interestPaid,
    });
    expect(res.body.result.redeemedAt).toBe(t.clock.now());
    expect(await books(t, who)).toMatchObject({ cash: interest + usdt('20000') - penalty, principal: 0n });
    // Replayed: the same answer, nothing posted twice.
    const again = await redeemSmart(t, who, o.id, money(penalty), key);
    expect(again.body).toEqual(res.body);
    expect(await entriesOf(t, o.id, 'smart_redeem')).toBe(1);
    // No more interest after the exit.
    await advanceAndRun(t, 3 * dayMs);
    expect(await paymentsOf(t, o.id)).toHaveLength(2);
    const fee = await t.ctx.db.execute(
      sql`select count(*)::int as n from postings p join ledger_accounts a on a.id = p.account_id
        join journal_entries e on e.id = p.entry_id
        where e.kind = 'smart_redeem' and e.ref = ${`smart:${o.id}`} and a.purpose = 'fee_income'
        and p.amount_minor = ${penalty}`,
    );
    expect((fee as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    await expectBalanced();
  });
});

describe('the early exit before the job has run', () => {
  it('pays the days already earned first, so the penalty shown counts them and no day is lost', async () => {
    const who = await fundedCustomer(t, '1000');
    const steady = await productNamed(t, 'Steady');
    const o = (await buySmart(t, who, quote(steady, 90, '1000'))).body.result;
    // Two anniversaries pass and no job runs.
    t.clock.advance(2 * dayMs + 1000);
    const view = await getOrder(t, who, o.id);
    expect([view.daysPaid, view.interestPaid]).toEqual([0, '0']);
    const earned = 2n * usdt(view.dailyInterest);
    const penalty = earlyExitPenaltyMinor(usdt('1000'), earned, 500n);
    expect(view.redeemPenalty).toBe(money(penalty));
    const res = await redeemSmart(t, who, o.id, money(penalty));
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    expect(res.body.result).toMatchObject({ status: 'redeemed', daysPaid: 2, interestPaid: money(earned) });
    expect((await paymentsOf(t, o.id)).map((p) => p.day)).toEqual([1, 2]);
    expect((await books(t, who)).cash).toBe(usdt('1000') + earned - penalty);
    await expectBalanced();
  });

  it('at maturity there is no early exit: 10112, and the job completes the order', async () => {
    const who = await fundedCustomer(t, '100');
    const steady = await productNamed(t, 'Steady');
    const o = (await buySmart(t, who, quote(steady, 14, '100'))).body.result;
    // The day before, the exit is still offered (and the look keeps the session alive: 14 idle days end it).
    t.clock.advance(13 * dayMs);
    expect((await getOrder(t, who, o.id)).redeemPenalty).toBeDefined();
    t.clock.advance(dayMs);
    expect((await getOrder(t, who, o.id)).redeemPenalty).toBeUndefined();
    expect((await redeemSmart(t, who, o.id, '5')).body.code).toBe('10112');
    await t.app.smart.runDue(t.clock.now());
    expect((await getOrder(t, who, o.id)).status).toBe('completed');
  });
});

describe('the back office', () => {
  it('refuses a daily rate above smart_daily_rate_max with a field error, and audits a change', async () => {
    const admin = await adminLogin(t, 'superadmin');
    const api = client(t.app, { token: admin });
    const body = {
      code: `cap-${randomUUID().slice(0, 8)}`,
      names: { en: 'Capped' },
      descriptions: { en: 'Rate cap test' },
      minAmount: '10',
      maxAmount: '100',
      earlyExitPenaltyPct: '5',
      plans: [{ days: 7, dailyRate: '0.00100001' }],
      // Off offer: on offer, any rate for 7 days is one a loan's free days fund at a profit (10174).
      enabled: false,
      reason: 'launch',
    };
    const refused = await api.post<{ fields: Record<string, string> }>('/admin/api/smart-products', { body });
    expect([refused.status, refused.body.code]).toEqual([400, '10000']);
    expect(Object.keys(refused.body.result.fields)).toEqual(['plans.0.dailyRate']);
    const ok = await api.post('/admin/api/smart-products', {
      body: { ...body, plans: [{ days: 7, dailyRate: '0.001' }] },
    });
    expect(ok.body.code).toBe('200');
    const audit = await api.get<{ list: { action: string }[] }>('/admin/api/audit');
    expect(audit.body.result.list.map((a) => a.action)).toContain('smartProduct.create');
    // Products are finance's too (manageProducts); support reads none of it.
    const support = client(t.app, { token: await adminLogin(t, 'support') });
    expect((await support.post('/admin/api/smart-products', { body })).body.code).toBe('10019');
  });
});

describe('the database rules', () => {
  it('refuse a change of terms while earning, a second ending, a removal, and a one-earning-per-product breach', async () => {
    const who = await fundedCustomer(t, '300');
    const steady = await productNamed(t, 'Steady');
    const o = (await buySmart(t, who, quote(steady, 30, '100'))).body.result;
    const id = Number(o.id);
    const [row] = await t.ctx.db.select().from(smartOrders).where(eq(smartOrders.id, id));
    if (!row) throw new Error('order row');
    const byId = eq(smartOrders.id, id);
    await expect(t.ctx.db.update(smartOrders).set({ dailyRateE8: 99_999 }).where(byId)).rejects.toThrow();
    await expect(t.ctx.db.update(smartOrders).set({ amountMinor: 1n }).where(byId)).rejects.toThrow();
    await expect(t.ctx.db.delete(smartOrders).where(byId)).rejects.toThrow();
    // A second earning order of the same product for the customer (the 10024 rule, kept by a unique index).
    const second = await t.ctx.db
      .insert(smartOrders)
      .values({ ...row, id: undefined, openEntryId: row.openEntryId + 1_000_000 })
      .then(
        () => 'inserted',
        (err: unknown) => describeError(err),
      );
    expect(second).toContain('smart_orders_one_earning');
    // Redeemed is final: it never becomes completed.
    const redeemed = await redeemSmart(t, who, o.id, o.redeemPenalty ?? '0');
    expect(redeemed.body.code).toBe('200');
    await expect(t.ctx.db.update(smartOrders).set({ status: 'completed' }).where(byId)).rejects.toThrow();
  });
});
