// The applicant's finances (GET /admin/api/customers/{id}/finances, issue 24) on the real app and database:
// a customer with deposits, withdrawals, a plan, a contract and a loan repaid late applies again, and every
// figure finance reads is compared with the database's own rows — balances summed from the postings, not
// read from the accounts' running balances; the late cost from its daily charges and the repayments — and
// the affordability arithmetic written again here. A borrower who spent the loan has negative own funds.
// Support may not look; an unknown customer or a loan not theirs is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { ApplicantFinances, DepositChannel, LoanProduct, LoanRecord } from '@tradewind/contract';
import { parseDecimal, usdtScale } from '@tradewind/contract/money';
import { adminToken, client, login, startTestApp, type TestApp } from '../test/harness.ts';
import { liveInTests } from '../test/live-stand-in.ts';
import { nextUtc, travelTo } from '../market/testing.ts';
import {
  adminLogin,
  fundReal,
  payoutApproval,
  setCooldownHours,
  trc20Address,
  withdraw,
} from '../wallet/withdraw-testing.ts';
import { openSeededChannels, publicChannels } from '../wallet/deposit-testing.ts';
import { claim } from '../invite/invite-testing.ts';
import { applyForLoan, user, verifiedCustomer } from '../loans/testing.ts';
import { buySmart, productNamed, quote } from '../smart/testing.ts';
import { buy, quoteBody } from '../orders/testing.ts';
import { ledgerAccounts, postings } from '../ledger/tables.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import { withdrawals } from '../wallet/withdraw-tables.ts';
import { optionOrders } from '../orders/tables.ts';
import { smartOrders } from '../smart/tables.ts';
import { loanLateCharges, loanRepayments, loans } from '../loans/tables.ts';

const base = '/admin/api/customers';
const day = 86_400_000;
const minor = (text: string) => parseDecimal(text, usdtScale);

let t: TestApp;
let products: LoanProduct[];
let usdtChannel: DepositChannel;

beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  await travelTo(t, nextUtc(t.clock.now(), 3, 12));
  await setCooldownHours(t, 0);
  products = (await client(t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct')).body.result;
  await openSeededChannels(t, await adminToken(t));
  const channel = (await publicChannels(t)).find((c) => c.asset === 'USDT');
  if (!channel) throw new Error('no USDT channel');
  usdtChannel = channel;
}, 120_000);
afterAll(async () => t?.close());

type Borrower = Awaited<ReturnType<typeof verifiedCustomer>> & { methodId: string };

/** A verified customer with a saved TRC20 address. */
async function borrower(): Promise<Borrower> {
  const b = await verifiedCustomer(t);
  const saved = await b.api.post<{ id: string }>(`${user}/withdrawalType/save`, {
    body: { type: 'usdt', network: 'TRC20', address: trc20Address, password: b.password },
  });
  return { ...b, methodId: saved.body.result.id };
}

/** Signed in again: sessions end as the clock moves days ahead. */
async function again(b: Borrower): Promise<Borrower> {
  const token = (await login(t, b.userName, b.password)).body.result.token;
  return { ...b, token, api: client(t.app, { token, book: 'YES' }) };
}

const productOf = (termDays: number) => {
  const p = products.find((x) => x.termDays === termDays);
  if (!p) throw new Error(`no ${termDays}-day loan product`);
  return p;
};

/** Applies as the app does; the loan waits for finance. */
async function apply(b: Borrower, termDays: number, amount: string): Promise<LoanRecord> {
  const applied = await applyForLoan(t, b, productOf(termDays).id, amount);
  if (applied.status !== 200) throw new Error(`loan refused: ${JSON.stringify(applied.body)}`);
  return applied.body.result;
}

const finance = async () => client(t.app, { token: await adminLogin(t, 'finance') });

async function approveLoan(id: string) {
  const res = await (await finance()).post(`/admin/api/reviews/loans/${id}/approve`, { body: {} });
  if (res.status !== 200) throw new Error(`approval failed: ${JSON.stringify(res.body)}`);
}

/** A withdrawal placed, and paid out by finance when `paid`. */
async function withdrawn(b: Borrower, amount: string, paid: boolean) {
  const placed = await withdraw(b, { amount });
  if (placed.body.code !== '200') throw new Error(`withdrawal refused: ${JSON.stringify(placed.body)}`);
  if (!paid) return;
  const res = await (
    await finance()
  ).post(`/admin/api/reviews/withdrawals/${placed.body.result.id}/approve`, { body: payoutApproval() });
  if (res.status !== 200) throw new Error(`withdrawal approval failed: ${JSON.stringify(res.body)}`);
}

const financesOf = async (token: string, userId: string, loanId?: string) =>
  client(t.app, { token }).get<ApplicantFinances>(`${base}/${userId}/finances`, {
    query: loanId === undefined ? {} : { loanId },
  });

// The oracle: the database's rows, read here without the read model.

/** Each real-book USDT purpose as the sum of its postings. */
async function postedBalances(userId: string): Promise<Map<string, bigint>> {
  const rows = await t.ctx.db
    .select({ purpose: ledgerAccounts.purpose, total: sql<string>`sum(${postings.amountMinor})::text` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(ledgerAccounts.userId, Number(userId)),
        eq(ledgerAccounts.book, 'real'),
        eq(ledgerAccounts.asset, 'USDT'),
      ),
    )
    .groupBy(ledgerAccounts.purpose);
  return new Map(rows.map((r) => [r.purpose, BigInt(r.total)]));
}

/** Count and sum of a table's rows for the customer in `status`. */
async function tally(
  table: typeof deposits | typeof withdrawals,
  userId: string,
  status: 'approved' | 'pending',
): Promise<{ n: number; amount: bigint }> {
  const [row] = await t.ctx.db
    .select({ n: count(), amount: sql<string>`coalesce(sum(${table.amountMinor}), 0)::text` })
    .from(table)
    .where(and(eq(table.userId, Number(userId)), eq(table.status, status)));
  return { n: row?.n ?? 0, amount: BigInt(row?.amount ?? '0') };
}

/** What a loan accrued and what its repayments paid, from its charge and repayment rows. */
async function loanLedger(id: string) {
  const [loan] = await t.ctx.db
    .select()
    .from(loans)
    .where(eq(loans.id, Number(id)));
  if (!loan) throw new Error(`no loan ${id}`);
  const [charged] = await t.ctx.db
    .select({ total: sql<string>`coalesce(sum(${loanLateCharges.amountMinor}), 0)::text` })
    .from(loanLateCharges)
    .where(eq(loanLateCharges.loanId, loan.id));
  const [repaid] = await t.ctx.db
    .select({
      principal: sql<string>`coalesce(sum(${loanRepayments.principalMinor}), 0)::text`,
      income: sql<string>`coalesce(sum(${loanRepayments.incomeMinor}), 0)::text`,
    })
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, loan.id));
  const late = BigInt(charged?.total ?? '0');
  const principal = BigInt(repaid?.principal ?? '0');
  const income = BigInt(repaid?.income ?? '0');
  // Repayments pay the interest first; what income has beyond it is late cost.
  const beyond = income - loan.interestMinor;
  const latePaid = beyond <= 0n ? 0n : beyond < late ? beyond : late;
  return { loan, late, paid: principal + income, principal, latePaid };
}

/** own / repay, rounded down to hundredths; amount / (own + amount), rounded up to ten-thousandths. */
function expectedRatios(own: bigint, amount: bigint, repay: bigint) {
  const held = own > 0n ? own : 0n;
  const share = amount * 10_000n;
  const whole = held + amount;
  return {
    cover: (held * 100n) / repay,
    share: share / whole + (share % whole === 0n ? 0n : 1n),
  };
}

describe('the applicant’s finances', () => {
  it('a customer with a history: every figure is what the database holds, the late loan counted late', async () => {
    let b = await borrower();
    // A past loan, spent and repaid late: 900 of 1,000 paid out, the rest taken at the date, two days late.
    const first = await apply(b, 15, '1000');
    await approveLoan(first.id);
    await withdrawn(b, '900', true);
    const due = (await loanLedger(first.id)).loan.repayDueAt?.getTime() ?? 0;
    t.clock.advance(due + 2 * day + 1000 - t.clock.now());
    await t.app.loans.runOverdue();
    expect((await loanLedger(first.id)).loan.status).toBe('overdue');
    await fundReal(t, b.id, '3000', true);
    await t.app.loans.runOverdue();
    const past = await loanLedger(first.id);
    expect(past.loan.status).toBe('repaid');
    expect(past.late).toBeGreaterThan(0n);

    // Since then: two deposits credited and one waiting, a plan, a real contract, a withdrawal waiting.
    b = await again(b);
    const fin = await finance();
    for (const amount of ['300', '150']) {
      const d = await claim(t, b.token, usdtChannel, amount);
      expect((await fin.post(`/admin/api/reviews/deposits/${d.id}/approve`, { body: {} })).status).toBe(200);
    }
    await claim(t, b.token, usdtChannel, '120');
    const steady = await productNamed(t, 'Steady');
    expect((await buySmart(t, b, quote(steady, steady.plans[0]?.days ?? 0, '400'))).body.code).toBe('200');
    await t.app.market.step();
    expect((await buy(t, b.token, await quoteBody(t, 'BTCUSDT'), { book: 'YES' })).body.code).toBe('200');
    await withdrawn(b, '50', false);
    const applied = await apply(b, 90, '2000');

    const res = await financesOf(await adminLogin(t, 'finance'), b.id);
    expect(res.status).toBe(200);
    const f = res.body.result;

    const posted = await postedBalances(b.id);
    const of = (purpose: string) => posted.get(purpose) ?? 0n;
    expect(minor(f.balances.cash)).toBe(of('cash'));
    expect(minor(f.balances.margin)).toBe(of('margin'));
    expect(minor(f.balances.planPrincipal)).toBe(of('plan_principal'));
    expect(minor(f.balances.withdrawalHold)).toBe(of('withdrawal_hold'));
    expect(minor(f.balances.bidHold)).toBe(of('bid_hold'));
    expect(of('margin')).toBeGreaterThan(0n);
    expect(of('withdrawal_hold')).toBe(minor('50'));
    // Nothing is owed now (the past loan is repaid, the new one not paid out): own funds are cash and plans.
    expect(minor(f.loanPrincipalOutstanding)).toBe(0n);
    const own = of('cash') + of('plan_principal');
    expect(minor(f.ownFunds)).toBe(own);

    const [depositsIn, depositsWaiting] = [
      await tally(deposits, b.id, 'approved'),
      await tally(deposits, b.id, 'pending'),
    ];
    expect(depositsIn).toEqual({ n: 2, amount: minor('450') });
    expect(f.deposits).toEqual({
      approved: depositsIn.n,
      approvedAmount: expect.any(String),
      pending: depositsWaiting.n,
    });
    expect(minor(f.deposits.approvedAmount)).toBe(depositsIn.amount);
    const [paidOut, waiting] = [
      await tally(withdrawals, b.id, 'approved'),
      await tally(withdrawals, b.id, 'pending'),
    ];
    expect([f.withdrawals.approved, f.withdrawals.pending]).toEqual([paidOut.n, waiting.n]);
    expect([paidOut.n, waiting.n]).toEqual([1, 1]);
    expect(minor(f.withdrawals.approvedAmount)).toBe(paidOut.amount);

    const [open] = await t.ctx.db
      .select({ n: count(), margin: sql<string>`sum(${optionOrders.marginMinor})::text` })
      .from(optionOrders)
      .where(
        and(
          eq(optionOrders.userId, Number(b.id)),
          eq(optionOrders.book, 'real'),
          eq(optionOrders.status, 'open'),
        ),
      );
    expect(f.contracts.open).toBe(1);
    expect(f.contracts.open).toBe(open?.n);
    expect(minor(f.contracts.margin)).toBe(BigInt(open?.margin ?? '-1'));
    expect(minor(f.contracts.margin)).toBe(of('margin'));
    const [plans] = await t.ctx.db
      .select({ n: count(), principal: sql<string>`sum(${smartOrders.amountMinor})::text` })
      .from(smartOrders)
      .where(and(eq(smartOrders.userId, Number(b.id)), eq(smartOrders.status, 'earning')));
    expect(f.smartPlans.earning).toBe(plans?.n);
    expect(minor(f.smartPlans.principal)).toBe(BigInt(plans?.principal ?? '-1'));
    expect(minor(f.smartPlans.principal)).toBe(of('plan_principal'));

    // The other loans: the past one, late, with its late cost accrued and paid in full.
    expect(f.loans).toMatchObject({ total: 1, repaidOnTime: 0, repaidLate: 1, overdueNow: 0 });
    const [history] = f.loans.list;
    expect(history).toMatchObject({ id: first.id, status: 'repaid', repaidLate: true, overdueAt: due });
    expect(minor(history?.lateCharge ?? '')).toBe(past.late);
    expect(minor(history?.latePaid ?? '')).toBe(past.latePaid);
    expect(past.latePaid).toBe(past.late);
    expect(minor(history?.paid ?? '')).toBe(past.paid);
    expect(past.paid).toBe(past.loan.repayMinor + past.late);
    expect(minor(history?.owed ?? '')).toBe(0n);
    expect(minor(f.loans.lateChargePaid)).toBe(past.latePaid);

    // The loan under review, weighed against own funds.
    const weighed = await loanLedger(applied.id);
    const ratios = expectedRatios(own, weighed.loan.amountMinor, weighed.loan.repayMinor);
    expect(f.affordability).toMatchObject({ loanId: applied.id, covered: own >= weighed.loan.repayMinor });
    expect(minor(f.affordability?.repayAmount ?? '')).toBe(weighed.loan.repayMinor);
    expect(parseDecimal(f.affordability?.coverRatio ?? '', 2)).toBe(ratios.cover);
    expect(parseDecimal(f.affordability?.borrowedShare ?? '', 4)).toBe(ratios.share);
    // Named, the same loan weighs the same.
    expect((await financesOf(await adminLogin(t, 'compliance'), b.id, applied.id)).body.result).toEqual(f);

    // The past loan weighed instead: the application becomes one of the others.
    const back = (await financesOf(await adminLogin(t, 'finance'), b.id, first.id)).body.result;
    expect(back.affordability?.loanId).toBe(first.id);
    expect(back.loans.list.map((l) => [l.id, l.status, l.repaidLate])).toEqual([
      [applied.id, 'pending', null],
    ]);
    expect(back.loans).toMatchObject({ repaidOnTime: 0, repaidLate: 0, lateChargePaid: '0' });
  });

  it('a borrower who spent the loan: own funds below zero cover nothing, and all of it is borrowed', async () => {
    const b = await borrower();
    const loan = await apply(b, 90, '1000');
    await approveLoan(loan.id);
    await withdrawn(b, '600', false);
    const f = (await financesOf(await adminLogin(t, 'finance'), b.id)).body.result;
    const posted = await postedBalances(b.id);
    const { loan: row } = await loanLedger(loan.id);
    expect(minor(f.loanPrincipalOutstanding)).toBe(row.amountMinor - row.paidPrincipalMinor);
    const own = (posted.get('cash') ?? 0n) + (posted.get('plan_principal') ?? 0n) - row.amountMinor;
    expect(own).toBe(minor('-600'));
    expect(minor(f.ownFunds)).toBe(own);
    expect(f.affordability).toMatchObject({ loanId: loan.id, covered: false });
    expect(parseDecimal(f.affordability?.coverRatio ?? '', 2)).toBe(0n);
    expect(parseDecimal(f.affordability?.borrowedShare ?? '', 4)).toBe(10_000n);
    expect(f.loans).toMatchObject({ total: 0, list: [], repaidOnTime: 0, repaidLate: 0 });
    expect(f.deposits).toEqual({ approved: 0, approvedAmount: '0', pending: 0 });
  });

  it('a customer with nothing: zeros, no loan to weigh', async () => {
    const b = await borrower();
    const f = (await financesOf(await adminLogin(t, 'finance'), b.id)).body.result;
    expect(f).toMatchObject({ ownFunds: '0', loanPrincipalOutstanding: '0', affordability: null });
    expect(f.contracts).toEqual({ open: 0, margin: '0' });
    expect(f.smartPlans).toEqual({ earning: 0, principal: '0' });
  });

  it('support may not look (10019); an unknown customer is 10009, a loan not theirs 10111', async () => {
    const [a, other] = [await borrower(), await borrower()];
    const theirs = await apply(other, 15, '500');
    const support = await financesOf(await adminLogin(t, 'support'), a.id);
    expect([support.status, support.body.code]).toEqual([403, '10019']);
    const customer = await client(t.app, { token: a.token }).get(`${base}/${a.id}/finances`);
    expect(customer.status).toBe(401);
    const token = await adminLogin(t, 'finance');
    const unknown = await financesOf(token, '987654321');
    expect([unknown.status, unknown.body.code]).toEqual([404, '10009']);
    const notTheirs = await financesOf(token, a.id, theirs.id);
    expect([notTheirs.status, notTheirs.body.code]).toEqual([404, '10111']);
    const noSuchLoan = await financesOf(token, a.id, '987654321');
    expect([noSuchLoan.status, noSuchLoan.body.code]).toEqual([404, '10111']);
    expect((await financesOf(token, a.id, 'x')).status).toBe(400);
    expect((await financesOf(await adminLogin(t, 'superadmin'), other.id, theirs.id)).status).toBe(200);
  });
});
