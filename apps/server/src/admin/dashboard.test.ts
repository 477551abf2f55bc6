// The dashboard against the data it sums (issue 13 "Proof"): a realistic mix is made through the real APIs
// over several days of the clock — customers old and new, deposits and withdrawals pending, approved and
// rejected, contracts open and closed in both books, smart plans partly paid, loans repaying and overdue, NFT
// bids, a settled auction and a payout — and each figure is compared with a direct SQL sum over the same rows,
// on PGlite and PostgreSQL. Where the same quantity can be reached another way (postings instead of balances,
// the interest job's own payments), the test takes that way.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DepositChannel, Exposure, LoanProduct, LoanRecord } from '@tradewind/contract';
import { formatMinor, parseDecimal } from '@tradewind/contract/money';
import { interestOfDayMinor } from '@tradewind/contract/smart-math';
import { queryRows } from '../platform/db.ts';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin, fundReal, payoutApproval, withdraw, withdrawer } from '../wallet/withdraw-testing.ts';
import { openSeededChannels, publicChannels } from '../wallet/deposit-testing.ts';
import { approve as approveDeposit, claim } from '../invite/invite-testing.ts';
import { buy, closeOption, quoteBody } from '../orders/testing.ts';
import { buySmart, fundedCustomer, productNamed, quote } from '../smart/testing.ts';
import {
  createAuction,
  buyNft,
  recordPayout,
  minuteMs,
  fundedCustomer as fundedBidder,
} from '../nft/testing.ts';
import {
  downloadAgreement,
  key,
  signatureDataUrl,
  submitIdentification,
  user,
  verifiedCustomer,
} from '../loans/testing.ts';
import { liveInTests } from '../test/live-stand-in.ts';

const day = 86_400_000;
const usdt = (text: string) => parseDecimal(text, 6);
const money = (minor: bigint) => formatMinor(minor, 6);

let t: TestApp;
let board: Dashboard;
/** The clock when the dashboard was read. */
let nowMs: number;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(t.ctx.db, query);
  if (!row) throw new Error('no row');
  return row;
}
const iso = (ms: number) => new Date(ms).toISOString();

async function dashboardAs(token: string) {
  return client(t.app, { token }).get<Dashboard>('/admin/api/dashboard');
}

async function applyForLoan(borrower: Awaited<ReturnType<typeof verifiedCustomer>>, product: LoanProduct) {
  const agreement = await downloadAgreement(t, borrower.token, product.id, product.minAmount);
  const res = await borrower.api.post<LoanRecord>(`${user}/loan`, {
    body: {
      productId: product.id,
      amount: product.minAmount,
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement.sha256,
    },
    headers: { 'idempotency-key': key() },
  });
  if (res.body.code !== '200') throw new Error(JSON.stringify(res.body));
  const finance = await adminLogin(t, 'finance');
  const ok = await client(t.app, { token: finance }).post(
    `/admin/api/reviews/loans/${res.body.result.id}/approve`,
    {
      body: {},
    },
  );
  if (ok.status !== 200) throw new Error(JSON.stringify(ok.body));
}

async function moveClock(ms: number) {
  t.clock.advance(ms);
  await t.app.market.step();
}

/**
 * The seed, in three phases of the clock: T0 (an old customer, a loan that will fall overdue), T1 = T0 + the
 * loan's term + a day (a week of sign-ups, a deposit approved, smart plans bought, an auction won), and
 * T2 = T1 + 2 days, "now" (everything else, and the dashboard read).
 */
async function seed() {
  const loanProducts = (await client(t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct'))
    .body.result;
  const shortest = [...loanProducts].sort((a, b) => a.termDays - b.termDays)[0];
  if (!shortest) throw new Error('no loan product');

  // T0
  await registerUser(t);
  await applyForLoan(await verifiedCustomer(t), shortest);
  await moveClock((Math.max(shortest.termDays, 8) + 1) * day);
  expect(await t.app.loans.runOverdue()).toBeGreaterThanOrEqual(1);

  // T1
  const superadmin = await adminLogin(t, 'superadmin');
  await openSeededChannels(t, superadmin);
  const usdtChannel = (await publicChannels(t)).find(
    (c: DepositChannel) => c.asset === 'USDT' && c.network === 'TRC20',
  );
  if (!usdtChannel) throw new Error('no USDT channel');
  const earlyDepositor = await registerUser(t);
  const early = await claim(t, earlyDepositor.token, usdtChannel, '300');
  expect((await approveDeposit(t, await adminLogin(t, 'finance'), early.id)).status).toBe(200);
  await registerUser(t);

  const saver = await fundedCustomer(t, '20000');
  for (const [word, days, amount] of [
    ['Steady', 14, '1000'],
    ['Growth', 30, '5000.5'],
  ] as const) {
    const bought = await buySmart(t, saver, quote(await productNamed(t, word), days, amount));
    expect(bought.body.code).toBe('200');
  }
  const bidderA = await fundedBidder(t, '1000');
  const bidderB = await fundedBidder(t, '1000');
  const won = await createAuction(t, { startPrice: '100', minIncrement: '10', endInMs: 30 * minuteMs });
  expect((await buyNft(t, bidderA, won.id, '120')).body.code).toBe('200');
  const open = await createAuction(t, { startPrice: '50', minIncrement: '5', endInMs: 20 * day });
  expect((await buyNft(t, bidderA, open.id, '60')).body.code).toBe('200');
  expect((await buyNft(t, bidderB, open.id, '75')).body.code).toBe('200');

  await moveClock(2 * day);
  // T2: the interest job pays the two days that have passed; the auction that ended is settled.
  expect((await t.app.smart.runDue(t.clock.now())).paid).toBeGreaterThanOrEqual(4);
  await t.app.nft.runDue(t.clock.now());
  const finance = await adminLogin(t, 'finance');
  const payout = await recordPayout(t, finance, {
    amount: '20',
    reference: 'wire 42',
    paidAt: iso(t.clock.now()).slice(0, 10),
  });
  expect(payout.body.code).toBe('200');

  const depositor = await registerUser(t);
  const pending = await claim(t, depositor.token, usdtChannel, '150');
  expect(pending.status).toBe('pending');
  const approvedToday = await claim(t, depositor.token, usdtChannel, '200.25');
  expect((await approveDeposit(t, finance, approvedToday.id)).status).toBe(200);
  const rejected = await claim(t, depositor.token, usdtChannel, '130');
  const refused = await client(t.app, { token: finance }).post(
    `/admin/api/reviews/deposits/${rejected.id}/reject`,
    {
      body: { reason: 'no such transaction' },
    },
  );
  expect(refused.status).toBe(200);

  const w = await withdrawer(t, '500');
  const ids: string[] = [];
  for (const amount of ['100', '50', '30.5']) {
    const res = await withdraw(w, { amount });
    expect(res.body.code).toBe('200');
    ids.push(res.body.result.id);
  }
  const review = client(t.app, { token: finance });
  expect(
    (await review.post(`/admin/api/reviews/withdrawals/${ids[1]}/approve`, { body: payoutApproval() }))
      .status,
  ).toBe(200);
  expect(
    (
      await review.post(`/admin/api/reviews/withdrawals/${ids[2]}/reject`, {
        body: { reason: 'wrong address' },
      })
    ).status,
  ).toBe(200);

  const kycWaiting = await registerUser(t);
  await submitIdentification(t, kycWaiting.token);

  const trader = await registerUser(t);
  await fundReal(t, trader.id, '5000');
  const opened: string[] = [];
  for (const [code, direction] of [
    ['BTCUSDT', 'up'],
    ['ETHUSDT', 'down'],
    ['BTCUSDT', 'down'],
  ] as const) {
    const res = await buy(t, trader.token, await quoteBody(t, code, { direction }), { book: 'YES' });
    expect(res.body.code).toBe('200');
    opened.push(res.body.result.id);
  }
  expect((await closeOption(t, trader.token, opened[2] ?? '', { book: 'YES' })).body.code).toBe('200');
  // A demo contract: practice, not the platform's exposure.
  expect((await buy(t, trader.token, await quoteBody(t, 'ETHUSDT'))).body.code).toBe('200');

  await applyForLoan(await verifiedCustomer(t), shortest);
}

beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  await seed();
  nowMs = t.clock.now();
  const res = await dashboardAs(await adminLogin(t, 'support'));
  expect(res.status).toBe(200);
  board = res.body.result;
}, 240_000);
afterAll(async () => t.close());

describe('GET /admin/api/dashboard: every figure is the sum of the data', () => {
  it('counts customers: all, signed up in the last 24 hours and 7 days, and KYC submissions waiting', async () => {
    const row = await one<{ total: number; d1: number; d7: number; kyc: number }>(
      sql`select (select count(*) from users)::int as total,
        (select count(*) from users where created_at > ${iso(nowMs - day)}::timestamptz)::int as d1,
        (select count(*) from users where created_at > ${iso(nowMs - 7 * day)}::timestamptz)::int as d7,
        (select count(*) from users where kyc_status = 1)::int as kyc`,
    );
    expect(board).toMatchObject({
      customers: row.total,
      newCustomers24h: row.d1,
      newCustomers7d: row.d7,
      kycPending: row.kyc,
    });
    // The seed spans the windows: some customers are older than a week, some older than a day.
    expect(row.total).toBeGreaterThan(row.d7);
    expect(row.d7).toBeGreaterThan(row.d1);
    expect(row.kyc).toBe(1);
  });

  it('sums deposits pending and approved today from the claims, and today is the UTC day', async () => {
    const today = iso(nowMs).slice(0, 10);
    const row = await one<{ pn: number; ps: string; tn: number; ts: string }>(
      sql`select count(*) filter (where status = 'pending')::int as pn,
        coalesce(sum(amount_minor) filter (where status = 'pending'), 0)::text as ps,
        count(*) filter (where status = 'approved' and to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD') = ${today})::int as tn,
        coalesce(sum(amount_minor) filter (where status = 'approved' and to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD') = ${today}), 0)::text as ts
        from deposits`,
    );
    expect(board.depositsPending).toEqual({ count: row.pn, sum: money(BigInt(row.ps)) });
    expect(board.depositsApprovedToday).toEqual({ count: row.tn, sum: money(BigInt(row.ts)) });
    expect(board.depositsPending).toEqual({ count: 1, sum: '150' });
    // The deposit approved two days ago is not today's.
    expect(board.depositsApprovedToday).toEqual({ count: 1, sum: '200.25' });
    expect(board.todayFrom).toBe(Date.parse(`${today}T00:00:00Z`));
  });

  it('sums withdrawals pending and approved today, and they match the holds and the outflow in the ledger', async () => {
    const today = iso(nowMs).slice(0, 10);
    const row = await one<{ pn: number; ps: string; tn: number; ts: string; hold: string }>(
      sql`select count(*) filter (where status = 'pending')::int as pn,
        coalesce(sum(amount_minor) filter (where status = 'pending'), 0)::text as ps,
        count(*) filter (where status = 'approved' and to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD') = ${today})::int as tn,
        coalesce(sum(amount_minor) filter (where status = 'approved' and to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD') = ${today}), 0)::text as ts,
        (select coalesce(sum(p.amount_minor), 0) from postings p join ledger_accounts a on a.id = p.account_id
          where a.purpose = 'withdrawal_hold' and a.book = 'real')::text as hold
        from withdrawals`,
    );
    expect(board.withdrawalsPending).toEqual({ count: row.pn, sum: money(BigInt(row.ps)) });
    expect(board.withdrawalsApprovedToday).toEqual({ count: row.tn, sum: money(BigInt(row.ts)) });
    expect(board.withdrawalsPending).toEqual({ count: 1, sum: '100' });
    expect(board.withdrawalsApprovedToday).toEqual({ count: 1, sum: '50' });
    // What is pending is exactly what the ledger holds for withdrawals.
    expect(board.withdrawalsPending.sum).toBe(money(BigInt(row.hold)));
  });

  it('takes the real book’s liabilities per asset from the customers’ postings, demo excluded', async () => {
    const rows = await queryRows<{ purpose: string; total: string }>(
      t.ctx.db,
      sql`select a.purpose, sum(p.amount_minor)::text as total from postings p
        join ledger_accounts a on a.id = p.account_id
        where a.owner_type = 'user' and a.book = 'real' and a.asset = 'USDT' group by a.purpose`,
    );
    const of = (purpose: string) => BigInt(rows.find((r) => r.purpose === purpose)?.total ?? '0');
    const [usdtRow, ...others] = board.liabilities;
    expect(others).toEqual([]);
    expect(usdtRow).toEqual({
      asset: 'USDT',
      cash: money(of('cash')),
      margin: money(of('margin')),
      planPrincipal: money(of('plan_principal')),
      bidHold: money(of('bid_hold')),
      withdrawalHold: money(of('withdrawal_hold')),
      total: money(rows.reduce((s, r) => s + BigInt(r.total), 0n)),
    });
    // Each part of the book is in the mix: plans (1000 + 5000.5), the leading bid (75), the open margins.
    expect(usdtRow?.planPrincipal).toBe('6000.5');
    expect(usdtRow?.bidHold).toBe('75');
    const margin = await one<{ m: string }>(
      sql`select coalesce(sum(margin_minor), 0)::text as m from option_orders where status = 'open' and book = 'real'`,
    );
    expect(usdtRow?.margin).toBe(money(BigInt(margin.m)));
    expect(usdt(usdtRow?.margin ?? '0')).toBeGreaterThan(0n);
  });

  it('shows the real book’s exposure per instrument from the open contracts, as GET exposure does', async () => {
    const rows = await queryRows<{ code: string; n: number; m: string; l: string; s: string }>(
      t.ctx.db,
      sql`select code, count(*)::int as n, sum(margin_minor)::text as m,
        coalesce(sum(notional_minor) filter (where direction = 'up'), 0)::text as l,
        coalesce(sum(notional_minor) filter (where direction = 'down'), 0)::text as s
        from option_orders where status = 'open' and book = 'real' group by code order by code`,
    );
    expect(board.exposure.book).toBe('real');
    expect(
      board.exposure.list.map((r) => [r.code, r.openCount, r.marginTotal, r.longNotional, r.shortNotional]),
    ).toEqual(rows.map((r) => [r.code, r.n, money(BigInt(r.m)), money(BigInt(r.l)), money(BigInt(r.s))]));
    expect(board.exposure.totals.openCount).toBe(2);
    const own = await client(t.app, { token: await adminLogin(t, 'support') }).get<Exposure>(
      '/admin/api/exposure',
    );
    expect(board.exposure.list).toEqual(own.body.result.list);
  });

  it('predicts the smart interest of the next 7 days as the interest job then pays it', async () => {
    // Unpaid days due by now + 7 days, one by one from the plans' terms (days 1…n paid in order).
    const due = await queryRows<{ amount: string; rate: number; day: number }>(
      t.ctx.db,
      sql`select o.amount_minor::text as amount, o.daily_rate_e8 as rate, d.day
        from smart_orders o cross join lateral generate_series(1, o.days) as d(day)
        where o.status = 'earning' and o.start_at + d.day * interval '1 day' <= ${iso(nowMs + 7 * day)}::timestamptz
          and not exists (select 1 from smart_interest_payments p where p.order_id = o.id and p.day = d.day)`,
    );
    const expected = due.reduce(
      (s, r) => s + interestOfDayMinor(BigInt(r.amount), BigInt(r.rate), r.day),
      0n,
    );
    expect(board.smartInterestDue7d).toEqual({ orders: 2, sum: money(expected) });
    expect(expected).toBeGreaterThan(0n);
  });

  it('sums the loan book: outstanding (repaying and overdue) and overdue, principal and amount to repay', async () => {
    const row = await one<{ n: number; p: string; r: string; on: number; op: string; recv: string }>(
      sql`select count(*) filter (where status in ('repaying', 'overdue'))::int as n,
        coalesce(sum(amount_minor - paid_principal_minor) filter (where status in ('repaying', 'overdue')), 0)::text as p,
        coalesce(sum(repay_minor + late_charge_minor - paid_principal_minor - paid_income_minor)
          filter (where status in ('repaying', 'overdue')), 0)::text as r,
        count(*) filter (where status = 'overdue')::int as on,
        coalesce(sum(amount_minor - paid_principal_minor) filter (where status = 'overdue'), 0)::text as op,
        (select coalesce(-sum(balance_minor), 0) from ledger_accounts where owner_type = 'platform'
          and book = 'real' and purpose = 'loan_receivable')::text as recv
        from loans`,
    );
    expect(board.loans.outstanding).toMatchObject({ count: row.n, principal: money(BigInt(row.p)) });
    expect(board.loans.outstanding.repayable).toBe(money(BigInt(row.r)));
    expect(board.loans.overdue).toMatchObject({ count: row.on, principal: money(BigInt(row.op)) });
    expect([board.loans.outstanding.count, board.loans.overdue.count]).toEqual([2, 1]);
    // The principal outstanding is what the ledger says the platform is owed.
    expect(board.loans.outstanding.principal).toBe(money(BigInt(row.recv)));
  });

  it('holds for the charity what was won less what was paid out, as the ledger does', async () => {
    const row = await one<{ donated: string; paid: string }>(
      sql`select (select coalesce(sum(amount_minor), 0) from nft_donations)::text as donated,
        (select coalesce(sum(amount_minor), 0) from nft_payouts)::text as paid`,
    );
    expect(board.charityPayable).toBe(money(BigInt(row.donated) - BigInt(row.paid)));
    expect(board.charityPayable).toBe('100');
  });

  it('reports the ledger audit', async () => {
    const row = await one<{ entries: number; unbalanced: number }>(
      sql`select (select count(*) from journal_entries)::int as entries,
        (select count(*) from (select entry_id from postings group by entry_id, asset
          having sum(amount_minor) <> 0) x)::int as unbalanced`,
    );
    expect(board.ledgerBalanced).toBe(row.unbalanced === 0);
    expect(board.ledgerBalanced).toBe(true);
    expect(board.ledger).toEqual({
      entryCount: row.entries,
      negativeCustomerAccounts: 0,
      accountsMatchingPostings: true,
    });
  });

  it('charts 30 UTC days, oldest first, with each day’s approvals and sign-ups', async () => {
    expect(board.series).toHaveLength(30);
    expect(board.series.at(-1)?.day).toBe(iso(nowMs).slice(0, 10));
    expect(board.series[0]?.day).toBe(iso(nowMs - 29 * day).slice(0, 10));
    const perDay = async (table: 'deposits' | 'withdrawals') =>
      queryRows<{ day: string; n: number; s: string }>(
        t.ctx.db,
        sql`select to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n,
          sum(amount_minor)::text as s from ${sql.identifier(table)} where status = 'approved' group by 1`,
      );
    const signUps = await queryRows<{ day: string; n: number }>(
      t.ctx.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from users group by 1`,
    );
    const [deposits, withdrawals] = [await perDay('deposits'), await perDay('withdrawals')];
    for (const point of board.series) {
      const d = deposits.find((r) => r.day === point.day);
      const w = withdrawals.find((r) => r.day === point.day);
      expect(point.deposits).toEqual({ count: d?.n ?? 0, sum: money(BigInt(d?.s ?? '0')) });
      expect(point.withdrawals).toEqual({ count: w?.n ?? 0, sum: money(BigInt(w?.s ?? '0')) });
      expect(point.newCustomers).toBe(signUps.find((r) => r.day === point.day)?.n ?? 0);
    }
    // Sign-ups on three different days, deposits approved on two.
    expect(board.series.filter((p) => p.newCustomers > 0).length).toBeGreaterThanOrEqual(3);
    expect(board.series.filter((p) => p.deposits.count > 0)).toHaveLength(2);
  });

  it('is read by every staff role, and refused to customers and without a session', async () => {
    for (const role of ['support', 'finance', 'compliance', 'superadmin'] as const) {
      expect((await dashboardAs(await adminLogin(t, role))).status).toBe(200);
    }
    const customer = await registerUser(t);
    expect((await dashboardAs(customer.token)).status).toBe(401);
    expect((await client(t.app).get('/admin/api/dashboard')).status).toBe(401);
  });

  it('the 7-day interest it predicted is what the job pays over the next 7 days', async () => {
    const before = await one<{ s: string }>(
      sql`select coalesce(sum(amount_minor), 0)::text as s from smart_interest_payments`,
    );
    t.clock.advance(7 * day);
    await t.app.smart.runDue(t.clock.now());
    const after = await one<{ s: string }>(
      sql`select coalesce(sum(amount_minor), 0)::text as s from smart_interest_payments`,
    );
    expect(money(BigInt(after.s) - BigInt(before.s))).toBe(board.smartInterestDue7d.sum);
  });
});
