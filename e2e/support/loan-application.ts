// A loan application for the browser tests, left for finance to decide: taken through the customer's API as
// the signing step sends it (the agreement issued for the terms, its SHA-256 sent back with a drawn signature
// under an Idempotency-Key), and a pending one rejected through the back office's API.
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { backOfficeHeaders, envelope, type Customer } from './accounts.ts';
import { png } from './deposits.ts';

/** Applies for `amount` USDT on the first product named like `product`; the loan waits in the queue. */
export async function applyForLoan(
  request: APIRequestContext,
  customer: Customer,
  amount: string,
  product: RegExp = /Quick loan/,
): Promise<void> {
  const products = await envelope<{ id: string; name: string }[]>(
    await request.get('/api/swx/customer/index/listLoanProduct'),
  );
  const productId = products.find((p) => product.test(p.name))?.id;
  if (!productId) throw new Error(`no loan product like ${String(product)}`);
  // Loans are real-book only (10103): the real book is chosen per request, as the app does.
  const headers = { Authorization: customer.token, virtually: 'YES' };
  const query = new URLSearchParams({ productId, amount }).toString();
  const issued = await request.get(`/api/swx/customer/user/loanAgreement?${query}`, { headers });
  expect(issued.headers()['content-type']).toContain('application/pdf');
  const data = {
    productId,
    amount,
    signature: `data:image/png;base64,${png('signature.png').buffer.toString('base64')}`,
    agreementAccepted: true,
    agreementSha256: issued.headers()['x-agreement-sha256'] ?? '',
  };
  const idempotency = { 'Idempotency-Key': randomBytes(16).toString('hex') };
  await envelope(
    await request.post('/api/swx/customer/user/loan', { headers: { ...headers, ...idempotency }, data }),
  );
}

/** The first-start admin rejects the customer's pending loan, with a reason. */
export async function rejectPendingLoan(request: APIRequestContext, customer: Customer): Promise<void> {
  const headers = await backOfficeHeaders(request);
  const page = await envelope<{ list: { id: string; user: { userName: string } }[] }>(
    await request.get('/admin/api/reviews/loans?status=pending&size=100', { headers }),
  );
  const id = page.list.find((item) => item.user.userName === customer.userName)?.id;
  if (!id) throw new Error(`no pending loan of ${customer.userName}`);
  await envelope(
    await request.post(`/admin/api/reviews/loans/${id}/reject`, {
      headers,
      data: { reason: 'income not shown' },
    }),
  );
}
