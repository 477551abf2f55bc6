// Loans for the browser tests: a verified customer at the calculator, and a loan taken through the customer's
// API as the signing step sends it (the agreement issued for the terms, its SHA-256 sent back with a drawn
// signature under an Idempotency-Key) and approved by the first-start admin from the back office's loans
// queue: a customer who owes on a loan, to start from.
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { envelope, signInBrowser, signUp, type Customer } from './accounts.ts';
import { png } from './deposits.ts';
import { approvePending, verifyIdentity } from './kyc.ts';

type Product = { id: string; name: string };

/** Borrows `amount` USDT on the product named like `product` in the real book; the loan is then repaying. */
export async function borrow(
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
  await approvePending(request, 'loans', customer.userName);
}

/**
 * A verified customer on the loan page in the real book with the Quick loan chosen: the calculator's
 * starting point. Answers the customer and the product's id (its name is translated in other languages).
 */
export async function onQuickLoan(
  page: Page,
  request: APIRequestContext,
  prefix: string,
): Promise<{ customer: Customer; productId: string }> {
  const customer = await signUp(request, prefix);
  await verifyIdentity(request, customer);
  await signInBrowser(page, request, customer);
  await page.goto('/loan');
  await page.getByTestId('switch-to-real').getByRole('button', { name: 'Real', exact: true }).click();
  const quick = page.getByRole('radio', { name: /Quick loan/ });
  const productId = ((await quick.getAttribute('data-testid')) ?? '').replace('loan-product-', '');
  await quick.click();
  return { customer, productId };
}
