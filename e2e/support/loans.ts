// A loan for the browser tests, taken through the customer's API as the signing step sends it (the agreement
// issued for the terms, its SHA-256 sent back with a drawn signature under an Idempotency-Key) and approved
// by the first-start admin from the back office's loans queue: a customer who owes on a loan, to start from.
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { envelope, type Customer } from './accounts.ts';
import { png } from './deposits.ts';
import { approvePending } from './kyc.ts';

type Product = { id: string; name: string };

/** Applies for `amount` USDT on the product named like `product` in the real book; the loan waits for finance. */
export async function applyForLoan(
  request: APIRequestContext,
  customer: Customer,
  amount: string,
  product: RegExp = /Quick loan/,
): Promise<void> {
  const products = await envelope<Product[]>(await request.get('/api/swx/customer/index/listLoanProduct'));
  const chosen = products.find((p) => product.test(p.name));
  if (!chosen) throw new Error(`no loan product like ${String(product)}`);
  // Loans are real-book only (10103): the real book is chosen per request, as the app does.
  const headers = { Authorization: customer.token, virtually: 'YES' };
  const query = new URLSearchParams({ productId: chosen.id, amount }).toString();
  const agreement = await request.get(`/api/swx/customer/user/loanAgreement?${query}`, { headers });
  expect(agreement.headers()['content-type']).toContain('application/pdf');
  const agreementSha256 = agreement.headers()['x-agreement-sha256'] ?? '';
  const signature = `data:image/png;base64,${png('signature.png').buffer.toString('base64')}`;
  await envelope(
    await request.post('/api/swx/customer/user/loan', {
      headers: { ...headers, 'Idempotency-Key': randomBytes(16).toString('hex') },
      data: { productId: chosen.id, amount, signature, agreementAccepted: true, agreementSha256 },
    }),
  );
}

/** Borrows `amount` USDT on the product named like `product` in the real book; the loan is then repaying. */
export async function borrow(
  request: APIRequestContext,
  customer: Customer,
  amount: string,
  product: RegExp = /Quick loan/,
): Promise<void> {
  await applyForLoan(request, customer, amount, product);
  await approvePending(request, 'loans', customer.userName);
}
