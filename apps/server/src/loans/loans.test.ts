// Loans end to end on the real app and database (issue 10 "Loans", Proof): every refusal code in the
// contract's order, the agreement signed being the one read, approval posting once, repayment, overdue
// marking, IDOR, replays and the ledger audit.
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFDict, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanProduct, LoanRecord, LoanReviewItem, Page } from '@tradewind/contract';
import { loanQuote } from '@tradewind/contract/loan-math';
import { parseDecimal, usdtScale } from '@tradewind/contract/money';
import { client, login, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin, fundReal } from '../wallet/withdraw-testing.ts';
import { sha256Hex } from '../platform/uploads.ts';
import { loans } from './tables.ts';
import { downloadAgreement, key, signatureDataUrl, user, verifiedCustomer } from './testing.ts';

let t: TestApp;
let products: LoanProduct[];
const day = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  products = (await client(t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct')).body.result;
});
afterAll(async () => t.close());

const product = () => {
  const p = products[0];
  if (!p) throw new Error('no loan product seeded');
  return p;
};

type Borrower = Awaited<ReturnType<typeof verifiedCustomer>>;

async function apply(b: Borrower, amount: string, over: Record<string, unknown> = {}, idem = key()) {
  const agreement = await downloadAgreement(t, b.token, product().id, amount);
  return b.api.post<LoanRecord>(`${user}/loan`, {
    body: {
      productId: product().id,
      amount,
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement.sha256,
      ...over,
    },
    headers: { 'idempotency-key': idem },
  });
}

// Staff sessions end with time, and tests move the clock by days: a fresh finance session per call.
const reviews = async () => client(t.app, { token: await adminLogin(t, 'finance') });
const approve = async (id: string) =>
  (await reviews()).post<LoanReviewItem>(`/admin/api/reviews/loans/${id}/approve`, { body: {} });
const cashOf = async (b: Borrower) =>
  (await b.api.post<{ balance: string }>(`${user}/getUserInfo`)).body.result.balance;

describe('listLoanProduct', () => {
  it('lists the seeded products with their terms in the request language, to visitors', async () => {
    expect(products.length).toBeGreaterThanOrEqual(2);
    const ja = await client(t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct', {
      lang: 'ja',
    });
    expect(ja.body.result[0]?.name).toMatch(/ローン/);
    expect(product()).toMatchObject({
      termDays: expect.any(Number),
      dailyRate: expect.stringMatching(/^0\.\d+$/),
    });
  });
});

describe('POST loan refusals, in the contract order', () => {
  it('answers 10103 on the demo book before anything else', async () => {
    const u = await registerUser(t);
    const res = await client(t.app, { token: u.token, book: 'NO' }).post(`${user}/loan`, {
      body: { productId: '999', amount: '1', agreementAccepted: true, agreementSha256: '0'.repeat(64) },
      headers: { 'idempotency-key': key() },
    });
    expect([res.status, res.body.code]).toEqual([403, '10103']);
  });

  it('answers 10022 without verified KYC, then 10023 / 10013 / 10108 / 10107 / 10112', async () => {
    const plain = await registerUser(t);
    const noKyc = await client(t.app, { token: plain.token, book: 'YES' }).post(`${user}/loan`, {
      body: {
        productId: product().id,
        amount: product().minAmount,
        agreementAccepted: true,
        agreementSha256: 'a'.repeat(64),
      },
      headers: { 'idempotency-key': key() },
    });
    expect(noKyc.body.code).toBe('10022');

    const b = await verifiedCustomer(t);
    const amount = product().minAmount;
    expect((await apply(b, amount, { productId: '99999' })).body.code).toBe('10023');
    const below = (await apply(b, amount, { amount: '0.5' })).body.code;
    expect(below).toBe('10013');
    const unsigned = await apply(b, amount, { signature: undefined });
    expect([unsigned.status, unsigned.body.code]).toEqual([400, '10108']);
    expect((await apply(b, amount, { signature: 'data:image/png;base64,aGVsbG8=' })).body.code).toBe('10108');
    const jpeg = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64')}`;
    expect((await apply(b, amount, { signature: jpeg })).body.code).toBe('10108');
    const huge = `data:image/png;base64,${Buffer.alloc(300 * 1024, 7).toString('base64')}`;
    expect((await apply(b, amount, { signature: huge })).body.code).toBe('10107');
    // An agreement never issued, or issued for other terms, or older than 24 h.
    expect((await apply(b, amount, { agreementSha256: 'b'.repeat(64) })).body.code).toBe('10112');
    const other = await downloadAgreement(t, b.token, product().id, product().maxAmount);
    expect((await apply(b, amount, { agreementSha256: other.sha256 })).body.code).toBe('10112');
    const old = await downloadAgreement(t, b.token, product().id, amount);
    t.clock.advance(day + 1000);
    const stale = await b.api.post(`${user}/loan`, {
      body: {
        productId: product().id,
        amount,
        signature: await signatureDataUrl(),
        agreementAccepted: true,
        agreementSha256: old.sha256,
      },
      headers: { 'idempotency-key': key() },
    });
    expect(stale.body.code).toBe('10112');
    // Another customer's agreement is not this customer's.
    const c = await verifiedCustomer(t);
    const theirs = await downloadAgreement(t, c.token, product().id, amount);
    expect((await apply(b, amount, { agreementSha256: theirs.sha256 })).body.code).toBe('10112');
    expect((await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.total).toBe(0);
  });

  it('stores one pending loan with the quoted terms, replays its key, and refuses a second with 10024', async () => {
    const b = await verifiedCustomer(t);
    const amount = product().minAmount;
    const idem = key();
    const first = await apply(b, amount, {}, idem);
    expect(first.status).toBe(200);
    const quote = loanQuote(product(), amount);
    expect(first.body.result).toMatchObject({
      status: 'pending',
      amount: expect.any(String),
      interest: expect.any(String),
    });
    expect(first.body.result.repayAmount).toBe(quote?.repayAmount.replace(/0{1,4}$/, '') ?? '');
    const again = await apply(b, amount, {}, idem);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.result.id).toBe(first.body.result.id);
    const second = await apply(b, amount);
    expect([second.status, second.body.code]).toEqual([409, '10024']);
    expect((await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.total).toBe(1);
  });
});

describe('the signed agreement', () => {
  it('is the PDF read with the signature image and the signing time on its last page, for its owner only', async () => {
    const b = await verifiedCustomer(t);
    const res = await apply(b, product().minAmount);
    const loan = res.body.result;
    const file = await t.app.inject({
      method: 'GET',
      url: loan.agreementUrl,
      headers: { authorization: b.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const [row] = await t.ctx.db
      .select()
      .from(loans)
      .where(eq(loans.id, Number(loan.id)));
    expect(sha256Hex(file.rawPayload)).toBe(row?.signedSha256);

    const doc = await PDFDocument.load(file.rawPayload);
    const last = doc.getPage(doc.getPageCount() - 1);
    const xobjects = last.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    const images = (xobjects?.values() ?? []).filter((ref) => {
      const obj = doc.context.lookup(ref);
      return obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
    });
    expect(images.length).toBeGreaterThanOrEqual(1);

    // IDOR: another customer gets 10111; finance and compliance read it under /admin/api.
    const other = await registerUser(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: loan.agreementUrl,
      headers: { authorization: other.token },
    });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, '10111']);
    const item = (
      await (
        await reviews()
      ).get<Page<LoanReviewItem>>('/admin/api/reviews/loans', {
        query: { status: 'pending', size: '100' },
      })
    ).body.result.list.find((l) => l.id === loan.id);
    expect(item?.user.kycStatus).toBe(2);
    for (const role of ['finance', 'compliance'] as const) {
      const token = await adminLogin(t, role);
      const admin = await t.app.inject({
        method: 'GET',
        url: item?.agreementUrl ?? '',
        headers: { authorization: token },
      });
      expect([role, admin.statusCode]).toEqual([role, 200]);
    }
    const support = await adminLogin(t, 'support');
    const refused = await t.app.inject({
      method: 'GET',
      url: item?.agreementUrl ?? '',
      headers: { authorization: support },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('review, repayment and overdue', () => {
  it('two admins approving at once disburse once; the customer is paid and notified', async () => {
    const b = await verifiedCustomer(t);
    const loan = (await apply(b, product().minAmount)).body.result;
    const other = await adminLogin(t, 'finance');
    const [a, c] = await Promise.all([
      approve(loan.id),
      client(t.app, { token: other }).post(`/admin/api/reviews/loans/${loan.id}/approve`, { body: {} }),
    ]);
    expect([a.status, c.status].sort(), JSON.stringify([a.body, c.body])).toEqual([200, 422]);
    expect(await cashOf(b)).toBe(loan.amount.replace(/\.?0+$/, ''));
    const [mine] = (await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.list;
    expect(mine?.status).toBe('repaying');
    expect(mine?.repayDate).toBe(t.clock.now() + product().termDays * day);
    const notes = await b.api.get<{ list: { kind: string }[] }>(`${user}/listNotification`);
    expect(notes.body.result.list.map((n) => n.kind)).toContain('loanApproved');
  });

  it('rejects with a reason, notifies, and frees the customer to apply again', async () => {
    const b = await verifiedCustomer(t);
    const loan = (await apply(b, product().minAmount)).body.result;
    const rejected = await (
      await reviews()
    ).post<LoanReviewItem>(`/admin/api/reviews/loans/${loan.id}/reject`, {
      body: { reason: 'income not shown' },
    });
    expect(rejected.body.result).toMatchObject({ status: 'rejected', reason: 'income not shown' });
    expect(await cashOf(b)).toBe('0');
    expect((await apply(b, product().minAmount)).status).toBe(200);
  });

  it('repays from cash (10011 when short), marks overdue after the date, and an overdue loan still repays', async () => {
    const first = await verifiedCustomer(t);
    let b = first;
    const loan = (await apply(b, product().minAmount)).body.result;
    expect((await approve(loan.id)).status).toBe(200);
    // The loan alone does not cover the interest.
    const short = await b.api.post(`${user}/repayLoan/${loan.id}`, { headers: { 'idempotency-key': key() } });
    expect([short.status, short.body.code]).toEqual([422, '10011']);
    // IDOR: another customer cannot repay it.
    const stranger = await verifiedCustomer(t);
    const idor = await stranger.api.post(`${user}/repayLoan/${loan.id}`, {
      headers: { 'idempotency-key': key() },
    });
    expect(idor.body.code).toBe('10111');

    t.clock.advance(product().termDays * day - 1000);
    expect(await t.app.loans.runOverdue()).toBe(0);
    t.clock.advance(2000);
    // This loan, and any other of the suite approved at the same clock time.
    expect(await t.app.loans.runOverdue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.loans.runOverdue()).toBe(0);
    // The customer's session ended with the days that passed: signed in again.
    const session = await login(t, first.userName, first.password);
    b = {
      ...first,
      token: session.body.result.token,
      api: client(t.app, { token: session.body.result.token, book: 'YES' }),
    };
    const [overdue] = (await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.list;
    expect(overdue?.status).toBe('overdue');
    const notes = await b.api.get<{ list: { kind: string }[] }>(`${user}/listNotification`);
    expect(notes.body.result.list.filter((n) => n.kind === 'loanOverdue')).toHaveLength(1);
    // Still one loan at a time while overdue.
    expect((await apply(b, product().minAmount)).body.code).toBe('10024');

    await fundReal(t, b.id, '100');
    const idem = key();
    const repaid = await b.api.post<LoanRecord>(`${user}/repayLoan/${loan.id}`, {
      headers: { 'idempotency-key': idem },
    });
    expect(repaid.body.result.status).toBe('repaid');
    const replay = await b.api.post<LoanRecord>(`${user}/repayLoan/${loan.id}`, {
      headers: { 'idempotency-key': idem },
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const twice = await b.api.post(`${user}/repayLoan/${loan.id}`, { headers: { 'idempotency-key': key() } });
    expect(twice.body.code).toBe('10020');
    // USDT in minor units (6 places), as the ledger counts it: no float on money.
    const interest = parseDecimal(repaid.body.result.interest, usdtScale);
    expect(parseDecimal(await cashOf(b), usdtScale)).toBe(100_000_000n - interest);
  });

  it('keeps the ledger balanced', async () => {
    const audit = await (
      await reviews()
    ).get<{
      balanced: boolean;
      negativeCustomerAccounts: number;
    }>('/admin/api/ledger/audit');
    expect(audit.body.result).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });
});

describe('the database rules', () => {
  it('refuses a status going backwards and a change of terms', async () => {
    const b = await verifiedCustomer(t);
    const loan = (await apply(b, product().minAmount)).body.result;
    const id = Number(loan.id);
    await expect(t.ctx.db.update(loans).set({ amountMinor: 1n }).where(eq(loans.id, id))).rejects.toThrow();
    await expect(t.ctx.db.update(loans).set({ status: 'repaid' }).where(eq(loans.id, id))).rejects.toThrow();
    await expect(t.ctx.db.delete(loans).where(eq(loans.id, id))).rejects.toThrow();
  });
});
