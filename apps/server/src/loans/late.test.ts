// Issue 24 on the real app and database: borrowed money does not buy yield (10171), an overdue loan stops
// withdrawals, real contracts, plans and bids (10172), the late cost accrues once per loan and day however
// many runners there are, repayment is taken from cash at and after the date (partly, then wholly), the
// reminders go once, the per-customer limit (10173), and the ledger stays balanced through all of it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanProduct, LoanRecord, LoanReviewItem, Page } from '@tradewind/contract';
import { loanLateChargeMinor, parseDailyRate } from '@tradewind/contract/loan-math';
import { parseDecimal, usdtScale } from '@tradewind/contract/money';
import { client, login, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin, fundReal, setCooldownHours, trc20Address } from '../wallet/withdraw-testing.ts';
import { setParam } from '../settings/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { buySmart, productNamed, quote } from '../smart/testing.ts';
import { buyNft, createAuction } from '../nft/testing.ts';
import { buy, quoteBody } from '../orders/testing.ts';
import { liveInTests } from '../test/live-stand-in.ts';
import { nextUtc, travelTo } from '../market/testing.ts';
import { settleDueLoans } from './overdue.ts';
import { loanLateCharges, loanRepayments, loans } from './tables.ts';
import { downloadAgreement, key, signatureDataUrl, user, verifiedCustomer } from './testing.ts';

let t: TestApp;
let products: LoanProduct[];
const day = 86_400_000;
const usdt = (text: string) => parseDecimal(text, usdtScale);

beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  await travelTo(t, nextUtc(t.clock.now(), 3, 12));
  await setCooldownHours(t, 0);
  products = (await client(t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct')).body.result;
});
afterAll(async () => t.close());

/** The seeded product with this term. */
const productOf = (termDays: number) => {
  const p = products.find((x) => x.termDays === termDays);
  if (!p) throw new Error(`no ${termDays}-day loan product`);
  return p;
};

type Borrower = Awaited<ReturnType<typeof verifiedCustomer>>;

async function borrow(b: Borrower, product: LoanProduct, amount: string): Promise<LoanRecord> {
  const agreement = await downloadAgreement(t, b.token, product.id, amount);
  const applied = await b.api.post<LoanRecord>(`${user}/loan`, {
    body: {
      productId: product.id,
      amount,
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement.sha256,
    },
    headers: { 'idempotency-key': key() },
  });
  if (applied.status !== 200) throw new Error(`loan refused: ${JSON.stringify(applied.body)}`);
  const finance = client(t.app, { token: await adminLogin(t, 'finance') });
  const approved = await finance.post<LoanReviewItem>(
    `/admin/api/reviews/loans/${applied.body.result.id}/approve`,
    {
      body: {},
    },
  );
  if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  return applied.body.result;
}

/** Signed in again: sessions end as the clock moves days ahead. */
async function again(b: Borrower): Promise<Borrower> {
  const session = await login(t, b.userName, b.password);
  const token = session.body.result.token;
  return { ...b, token, api: client(t.app, { token, book: 'YES' }) };
}

const loanRow = async (id: string) => {
  const [row] = await t.ctx.db
    .select()
    .from(loans)
    .where(eq(loans.id, Number(id)));
  if (!row) throw new Error(`no loan ${id}`);
  return row;
};
const cash = async (b: Borrower) =>
  usdt((await b.api.post<{ balance: string }>(`${user}/getUserInfo`)).body.result.balance);
const kinds = async (b: Borrower, kind: string) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, Number(b.id)), eq(notifications.kind, kind)));

describe('borrowed money does not buy yield', () => {
  it('refuses a plan and a bid paid with the loan (10171), takes them from own funds, lets the loan be withdrawn', async () => {
    let b = await verifiedCustomer(t);
    await borrow(b, productOf(90), '5000');
    const growth = await productNamed(t, 'Growth');
    const steady = await productNamed(t, 'Steady');
    const plan = (p: typeof growth, amount: string) =>
      buySmart(t, b, quote(p, p.plans[0]?.days ?? 0, amount));
    // The attack of the issue: every unit of cash is borrowed.
    const refused = await plan(growth, '1000');
    expect([refused.status, refused.body.code]).toEqual([422, '10171']);
    expect(refused.body.message).toContain('0 USDT');
    const piece = await createAuction(t, { startPrice: '100' });
    const bid = await buyNft(t, { ...b, id: b.id }, piece.id, piece.minNextBid);
    expect([bid.status, bid.body.code]).toEqual([422, '10171']);
    expect(await cash(b)).toBe(usdt('5000'));

    // 1,200 of the customer's own: a plan of 1,000 is theirs to buy; the next 300 would be borrowed.
    await fundReal(t, b.id, '1200');
    expect((await plan(growth, '1000')).body.code).toBe('200');
    const more = await plan(steady, '300');
    expect(more.body.code).toBe('10171');
    expect(more.body.message).toContain('200 USDT');
    expect((await plan(steady, '200')).body.code).toBe('200');

    // Withdrawing borrowed money is allowed: it is a loan.
    b = await again(b);
    const saved = await b.api.post<{ id: string }>(`${user}/withdrawalType/save`, {
      body: { type: 'usdt', network: 'TRC20', address: trc20Address, password: b.password },
    });
    const amount = '100';
    const fee = (await b.api.get<{ fee: string }>(`${user}/withdrawalQuote`, { query: { amount } })).body
      .result.fee;
    const out = await b.api.post(`${user}/withdrawal`, {
      body: { methodId: saved.body.result.id, password: b.password, amount, quotedFee: fee },
      headers: { 'idempotency-key': key() },
    });
    expect(out.body.code).toBe('200');
  });
  it('two plans bought at once while owing: own funds pay one of them, never both', async () => {
    const b = await verifiedCustomer(t);
    await borrow(b, productOf(90), '5000');
    await fundReal(t, b.id, '1000');
    const steady = await productNamed(t, 'Steady');
    const growth = await productNamed(t, 'Growth');
    const answers = await Promise.all([
      buySmart(t, b, quote(steady, steady.plans[0]?.days ?? 0, '1000')),
      buySmart(t, b, quote(growth, growth.plans[0]?.days ?? 0, '1000')),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10171', '200']);
    expect(await cash(b)).toBe(usdt('5000'));
  });
});

describe('a loan past its date', () => {
  it('takes what cash there is at the date, charges the late cost once a day whoever runs, and blocks until repaid', async () => {
    let b = await verifiedCustomer(t);
    const product = productOf(15);
    const loan = await borrow(b, product, '1000');
    expect(loan.overdueDailyRate).toBe('0.001');
    // The customer spends part of the loan: 400 leaves as a withdrawal (allowed: it is a loan).
    const saved = await b.api.post<{ id: string }>(`${user}/withdrawalType/save`, {
      body: { type: 'usdt', network: 'TRC20', address: trc20Address, password: b.password },
    });
    const fee = (await b.api.get<{ fee: string }>(`${user}/withdrawalQuote`, { query: { amount: '400' } }))
      .body.result.fee;
    const withdrawal = await b.api.post(`${user}/withdrawal`, {
      body: { methodId: saved.body.result.id, password: b.password, amount: '400', quotedFee: fee },
      headers: { 'idempotency-key': key() },
    });
    expect(withdrawal.body.code).toBe('200');
    const left = await cash(b);
    const row = await loanRow(loan.id);
    const due = row.repayDueAt?.getTime() ?? 0;

    // Reminders: 3 days and 1 day before, each once.
    t.clock.advance(due - 3 * day + 1000 - t.clock.now());
    await t.app.loans.runOverdue();
    await t.app.loans.runOverdue();
    t.clock.advance(2 * day);
    await t.app.loans.runOverdue();
    expect(await kinds(b, 'loanDueIn3Days')).toHaveLength(1);
    expect(await kinds(b, 'loanDueTomorrow')).toHaveLength(1);

    // At the date: the cash left goes to interest first, then principal; the rest is overdue.
    t.clock.advance(due + 1000 - t.clock.now());
    expect(await t.app.loans.runOverdue()).toBe(1);
    let after = await loanRow(loan.id);
    expect(after.status).toBe('overdue');
    expect(after.paidIncomeMinor).toBe(after.interestMinor);
    expect(after.paidPrincipalMinor).toBe(left - after.interestMinor);
    expect(await cash(await again(b))).toBe(0n);
    const unpaid = after.amountMinor - after.paidPrincipalMinor;

    // Three and a half days later, with two runners at once and a third after: three charges, each once.
    t.clock.advance(3.5 * day);
    await Promise.all([settleDueLoans(t.ctx.db, t.clock.now()), t.app.loans.runOverdue()]);
    await t.app.loans.runOverdue();
    const charges = await t.ctx.db
      .select()
      .from(loanLateCharges)
      .where(eq(loanLateCharges.loanId, Number(loan.id)));
    const perDay = loanLateChargeMinor(unpaid, parseDailyRate('0.001'));
    expect(charges.map((c) => [c.day, c.amountMinor])).toEqual([
      [1, perDay],
      [2, perDay],
      [3, perDay],
    ]);
    after = await loanRow(loan.id);
    expect(after.lateChargeMinor).toBe(3n * perDay);

    // The customer sees it, and is told once.
    b = await again(b);
    const [listed] = (await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.list;
    expect(listed?.status).toBe('overdue');
    expect(usdt(listed?.lateCharge ?? '')).toBe(3n * perDay);
    expect(usdt(listed?.owed ?? '')).toBe(unpaid + 3n * perDay);
    expect(await kinds(b, 'loanOverdue')).toHaveLength(1);

    // Blocked while overdue: withdrawal, real contract, plan, bid; the demo book trades on.
    await fundReal(t, b.id, '1'); // cash arrives between runs
    const blockedWithdrawal = await b.api.post(`${user}/withdrawal`, {
      body: { methodId: saved.body.result.id, password: b.password, amount: '20', quotedFee: '1' },
      headers: { 'idempotency-key': key() },
    });
    expect(blockedWithdrawal.body.code).toBe('10172');
    await t.app.market.step();
    const body = await quoteBody(t, 'BTCUSDT');
    expect((await buy(t, b.token, body, { book: 'YES' })).body.code).toBe('10172');
    expect((await buy(t, b.token, body, { book: 'NO' })).body.code).toBe('200');
    const steady = await productNamed(t, 'Steady');
    expect((await buySmart(t, b, quote(steady, steady.plans[0]?.days ?? 0, '100'))).body.code).toBe('10172');
    const piece = await createAuction(t, { startPrice: '1' });
    expect((await buyNft(t, { ...b, id: b.id }, piece.id, piece.minNextBid)).body.code).toBe('10172');

    // The next run takes the cash that arrived (a partial repayment); a deposit covering the rest repays it.
    await t.app.loans.runOverdue();
    after = await loanRow(loan.id);
    const repayments = await t.ctx.db
      .select()
      .from(loanRepayments)
      .where(eq(loanRepayments.loanId, Number(loan.id)));
    expect(repayments.map((r) => r.source)).toEqual(['auto', 'auto']);
    expect(repayments[1]?.incomeMinor).toBe(usdt('1'));
    expect(await kinds(b, 'loanRepaymentTaken')).toHaveLength(2);
    const owed = after.repayMinor + after.lateChargeMinor - after.paidPrincipalMinor - after.paidIncomeMinor;
    await fundReal(t, b.id, '2000');
    await t.app.loans.runOverdue();
    after = await loanRow(loan.id);
    expect(after.status).toBe('repaid');
    expect(await cash(b)).toBe(usdt('2000') - owed);
    expect(await kinds(b, 'loanRepaid')).toHaveLength(1);
    // Each repayment is its own entry, naming the loan.
    const entries = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'loan_repay'), eq(journalEntries.ref, `loan:${loan.id}`)));
    expect(entries).toHaveLength(3);
    // Repaid: the blocks are lifted; no late day is charged any more.
    t.clock.advance(2 * day);
    await t.app.loans.runOverdue();
    expect((await loanRow(loan.id)).lateChargeMinor).toBe(3n * perDay);
    expect((await buySmart(t, b, quote(steady, steady.plans[0]?.days ?? 0, '100'))).body.code).toBe('200');
  });

  it('the customer repays it all at once, late cost included, at the figure the confirm step showed', async () => {
    let b = await verifiedCustomer(t);
    const loan = await borrow(b, productOf(15), '500');
    const saved = await b.api.post<{ id: string }>(`${user}/withdrawalType/save`, {
      body: { type: 'usdt', network: 'TRC20', address: trc20Address, password: b.password },
    });
    const amount = '400';
    const fee = (await b.api.get<{ fee: string }>(`${user}/withdrawalQuote`, { query: { amount } })).body
      .result.fee;
    const out = await b.api.post(`${user}/withdrawal`, {
      body: { methodId: saved.body.result.id, password: b.password, amount, quotedFee: fee },
      headers: { 'idempotency-key': key() },
    });
    expect(out.body.code).toBe('200');
    const due = (await loanRow(loan.id)).repayDueAt?.getTime() ?? 0;
    t.clock.advance(due + 2 * day + 1000 - t.clock.now());
    await t.app.loans.runOverdue();
    const overdue = await loanRow(loan.id);
    const perDay = loanLateChargeMinor(
      overdue.amountMinor - overdue.paidPrincipalMinor,
      parseDailyRate('0.001'),
    );
    expect(overdue.lateChargeMinor).toBe(2n * perDay);
    b = await again(b);
    const owedShown = async () =>
      (await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.list[0]?.owed;
    const repay = (quotedOwed: string | undefined) =>
      b.api.post<LoanRecord>(`${user}/repayLoan/${loan.id}`, {
        ...(quotedOwed === undefined ? {} : { body: { quotedOwed } }),
        headers: { 'idempotency-key': key() },
      });
    // A day passes between reading what is owed and confirming: the day's late cost is charged when the
    // repayment is taken, so the figure shown is no longer the one applied (10112), and nothing moves.
    const shown = await owedShown();
    t.clock.advance(day);
    b = await again(b);
    const stale = await repay(shown);
    expect(stale.body.code).toBe('10112');
    expect((await loanRow(loan.id)).lateChargeMinor).toBe(2n * perDay);
    await t.app.loans.runOverdue();
    expect((await loanRow(loan.id)).lateChargeMinor).toBe(3n * perDay);
    await fundReal(t, b.id, '1000');
    const repaid = await repay(await owedShown());
    expect(repaid.body.result).toMatchObject({ status: 'repaid', owed: '0.00' });
    const row = await loanRow(loan.id);
    expect(row.lateChargeMinor).toBe(3n * perDay);
    expect(usdt(repaid.body.result.paid)).toBe(row.repayMinor + 3n * perDay);
    const sources = await t.ctx.db
      .select({ source: loanRepayments.source })
      .from(loanRepayments)
      .where(eq(loanRepayments.loanId, Number(loan.id)));
    expect(sources.map((r) => r.source)).toEqual(['auto', 'customer']);
  });
});

describe('applying', () => {
  it('refuses above the per-customer limit (10173), and an agreement issued before the late cost changed (10112)', async () => {
    const b = await verifiedCustomer(t);
    const product = productOf(90);
    await setParam(t.ctx.db, 'loan_limit_per_customer', '2000', new Date(t.clock.now()));
    const over = await downloadAgreement(t, b.token, product.id, '2000.01');
    expect(over.status).toBe(422);
    expect(JSON.parse(over.res.body).code).toBe('10173');
    await setParam(t.ctx.db, 'loan_limit_per_customer', '50000', new Date(t.clock.now()));

    const agreement = await downloadAgreement(t, b.token, product.id, '1000');
    await setParam(t.ctx.db, 'loan_overdue_daily_rate', '0.002', new Date(t.clock.now()));
    const body = {
      productId: product.id,
      amount: '1000',
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement.sha256,
    };
    const stale = await b.api.post(`${user}/loan`, { body, headers: { 'idempotency-key': key() } });
    expect(stale.body.code).toBe('10112');
    // Read again, at the rate now in force: the loan keeps it.
    const fresh = await downloadAgreement(t, b.token, product.id, '1000');
    const signed = await b.api.post<LoanRecord>(`${user}/loan`, {
      body: { ...body, agreementSha256: fresh.sha256 },
      headers: { 'idempotency-key': key() },
    });
    expect(signed.body.result.overdueDailyRate).toBe('0.002');
    await setParam(t.ctx.db, 'loan_overdue_daily_rate', '0.001', new Date(t.clock.now()));
    expect((await loanRow(signed.body.result.id)).overdueRatePpm).toBe(2000n);
  });

  it('keeps the ledger balanced', async () => {
    const audit = await client(t.app, { token: await adminLogin(t, 'finance') }).get<{
      balanced: boolean;
      negativeCustomerAccounts: number;
    }>('/admin/api/ledger/audit');
    expect(audit.body.result).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });
});
