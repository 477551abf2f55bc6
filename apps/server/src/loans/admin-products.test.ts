// Loan products in the back office (issue 13): finance and superadmin create, edit and disable them, each
// change audited with its reason. A loan keeps the terms it was agreed at — pending or repaying — and an
// agreement issued before an edit is refused (10112), so the terms signed are the terms applied.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoanProduct, LoanProduct, LoanRecord, LoanReviewItem, Page } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { downloadAgreement, key, signatureDataUrl, user, verifiedCustomer } from './testing.ts';

let t: TestApp;
let finance: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  finance = client(t.app, { token: await adminLogin(t, 'finance') });
});
afterAll(async () => t.close());

const listed = async () =>
  (await client(t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct')).body.result;

const newProduct = (over: Record<string, unknown> = {}) => ({
  code: `loan-${randomUUID().slice(0, 8)}`,
  names: { en: 'Bridge 60', de: 'Überbrückung 60' },
  minAmount: '100',
  maxAmount: '2000',
  termDays: 60,
  freeDays: 5,
  dailyRate: '0.0004',
  enabled: true,
  reason: 'bridge loans for verified customers',
  ...over,
});

type Borrower = Awaited<ReturnType<typeof verifiedCustomer>>;

async function apply(b: Borrower, productId: string, amount: string, sha256?: string) {
  const agreement = sha256 ?? (await downloadAgreement(t, b.token, productId, amount)).sha256;
  return b.api.post<LoanRecord>(`${user}/loan`, {
    body: {
      productId,
      amount,
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement,
    },
    headers: { 'idempotency-key': key() },
  });
}

const edit = (id: string, body: Record<string, unknown>) =>
  finance.post<AdminLoanProduct & { fields: Record<string, string> }>(`/admin/api/loan-products/${id}`, {
    body,
  });

describe('loan products in the back office', () => {
  it('finance creates one: listed to customers in their language, audited with the reason', async () => {
    const created = await finance.post<AdminLoanProduct>('/admin/api/loan-products', { body: newProduct() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({
      termDays: 60,
      freeDays: 5,
      dailyRate: '0.0004',
      activeLoans: 0,
    });
    const de = await client(t.app, { lang: 'de' }).get<LoanProduct[]>(
      '/api/swx/customer/index/listLoanProduct',
    );
    expect(de.body.result.find((p) => p.id === created.body.result.id)?.name).toBe('Überbrückung 60');
    const auditRows =
      await finance.get<Page<{ action: string; target: string; reason: string }>>('/admin/api/audit');
    expect(auditRows.body.result.list[0]).toMatchObject({
      action: 'loanProduct.create',
      target: `loanProduct:${created.body.result.id}`,
      reason: 'bridge loans for verified customers',
    });
  });

  it('refuses free days beyond the term, a rate above 1 % a day, a code in use (10149), prices and support', async () => {
    const body = newProduct();
    expect((await finance.post('/admin/api/loan-products', { body })).status).toBe(200);
    expect((await finance.post('/admin/api/loan-products', { body })).body.code).toBe('10149');
    const bad = await finance.post<{ fields: Record<string, string> }>('/admin/api/loan-products', {
      body: newProduct({ freeDays: 61, dailyRate: '0.010001' }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.result.fields).sort()).toEqual(['dailyRate', 'freeDays']);
    for (const extra of [{ price: '1' }, { rate: '0.1' }, { interest: '5' }]) {
      const res = await finance.post('/admin/api/loan-products', { body: newProduct(extra) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    const support = client(t.app, { token: await adminLogin(t, 'support') });
    expect((await support.get('/admin/api/loan-products')).body.code).toBe('10019');
  });

  it('an edit reaches new applications only: a repaying loan keeps its rate and term, a stale agreement is 10112', async () => {
    const product = (await finance.post<AdminLoanProduct>('/admin/api/loan-products', { body: newProduct() }))
      .body.result;
    const b = await verifiedCustomer(t);
    const loan = (await apply(b, product.id, '500')).body.result;
    expect(loan).toMatchObject({ status: 'pending', termDays: 60, dailyRate: '0.0004', freeDays: 5 });
    const approved = await finance.post<LoanReviewItem>(`/admin/api/reviews/loans/${loan.id}/approve`, {
      body: {},
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // A second customer read the agreement before the edit.
    const late = await verifiedCustomer(t);
    const readBefore = await downloadAgreement(t, late.token, product.id, '500');

    const saved = await edit(product.id, {
      dailyRate: '0.0008',
      termDays: 30,
      freeDays: 0,
      reason: 'repricing',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ activeLoans: 1, dailyRate: '0.0008', termDays: 30 });

    const mine = (await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.list[0];
    expect(mine).toMatchObject({
      id: loan.id,
      status: 'repaying',
      termDays: 60,
      freeDays: 5,
      dailyRate: '0.0004',
      interest: loan.interest,
      repayAmount: loan.repayAmount,
    });
    const stale = await apply(late, product.id, '500', readBefore.sha256);
    expect([stale.status, stale.body.code]).toEqual([409, '10112']);
    const fresh = await apply(late, product.id, '500');
    expect(fresh.body.result).toMatchObject({ termDays: 30, freeDays: 0, dailyRate: '0.0008' });
  });

  it('disabling takes it off the list and refuses new applications (10023); its loans stay as they are', async () => {
    const product = (await finance.post<AdminLoanProduct>('/admin/api/loan-products', { body: newProduct() }))
      .body.result;
    const b = await verifiedCustomer(t);
    const loan = (await apply(b, product.id, '200')).body.result;
    const off = await edit(product.id, { enabled: false, reason: 'product closed' });
    expect(off.body.result).toMatchObject({ enabled: false, activeLoans: 1 });
    expect((await listed()).some((p) => p.id === product.id)).toBe(false);
    const other = await verifiedCustomer(t);
    expect((await apply(other, product.id, '200', 'a'.repeat(64))).body.code).toBe('10023');
    const mine = (await b.api.get<Page<LoanRecord>>(`${user}/listLoanRecord`)).body.result.list[0];
    expect(mine).toMatchObject({ id: loan.id, status: 'pending', dailyRate: '0.0004' });
  });

  it('refuses an empty edit, one without a reason, and an unknown id (10111)', async () => {
    const [first] = (await finance.get<AdminLoanProduct[]>('/admin/api/loan-products')).body.result;
    if (!first) throw new Error('no loan product');
    expect((await edit(first.id, { reason: 'nothing' })).status).toBe(400);
    expect((await edit(first.id, { enabled: true })).status).toBe(400);
    expect((await edit('999999', { enabled: true, reason: 'x' })).body.code).toBe('10111');
  });
});
