// Loans a lender would offer, in the browser (issue 24, DESIGN §1.11), in English and Arabic: the calculator
// states the late cost — the rate and, for the amount typed, a day of it — and that repayment is taken from
// cash on the date, with the per-customer limit where the amount is typed; the agreement issued for the terms
// states the same late cost; and a plan bought with borrowed money is refused with the server's reason and the
// way to My loans, where the loan shows what is owed and when it will be taken.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInBrowser, signUp, type Customer } from '../support/accounts.ts';
import { verifyIdentity } from '../support/kyc.ts';
import { borrow, onQuickLoan } from '../support/loans.ts';
import { capturePageErrors, isMobileProject } from './support.ts';

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const project = test.info().project.name;
  await page.screenshot({ path: test.info().outputPath(`${name}-${project}.png`), fullPage });
}

/** The agreement's words as its text layer gives them, spaces and line breaks made single spaces. */
function pdfText(pdf: Buffer, name: string): string {
  // poppler reads a file, not a pipe: a PDF's cross-reference table is found by seeking from the end.
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  // Right-to-left runs come out wrapped in bidi embedding marks, which no reader sees.
  return text
    .normalize('NFKC')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ');
}

/** Opens the signing step for the terms in the calculator: the agreement is issued and shown in the page. */
async function openAgreement(page: Page): Promise<void> {
  const response = page.waitForResponse((r) => r.url().includes('/user/loanAgreement?'));
  await page.getByTestId('loan-read').click();
  expect((await response).headers()['content-type']).toContain('application/pdf');
  const sign = page.getByTestId('loan-sign');
  // Shown in the page: the browser's viewer on a desktop that has one, else drawn as pages (phones).
  const inline = await page.evaluate(() => navigator.pdfViewerEnabled);
  if (inline && !isMobileProject(test.info())) await expect(sign.locator('iframe')).toBeVisible();
  else await expect(sign.getByTestId('agreement-page').first()).toHaveAttribute('data-drawn', 'true');
}

/**
 * The agreement the server issues for these terms in `locale`, as the signing step asks for it. Asked again
 * through the API: the browser does not hand the test the bytes of a response the page read as a blob.
 */
async function agreementPdf(
  request: APIRequestContext,
  customer: Customer,
  terms: { productId: string; amount: string },
  locale: string,
): Promise<Buffer> {
  const response = await request.get(
    `/api/swx/customer/user/loanAgreement?${new URLSearchParams(terms).toString()}`,
    { headers: { Authorization: customer.token, virtually: 'YES', 'Accept-Language': locale } },
  );
  expect(response.headers()['content-type']).toContain('application/pdf');
  return response.body();
}

test('the calculator and the agreement state the late cost and the automatic repayment before signing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = capturePageErrors(page);
  const { customer, productId } = await onQuickLoan(page, request, 'loanlate_');
  const terms = { productId, amount: '1000' };

  // Before an amount, the rate; with one, a day of it on that amount (1,000 × 0.1 % = 1 USDT).
  const line = page.getByTestId('loan-late-line');
  await expect(line).toHaveText('0.1% of the unpaid principal a day after the repayment date.');
  await page.getByTestId('loan-amount').fill('1000');
  await expect(line).toHaveText(
    '0.1% of the unpaid principal a day after the repayment date (≈ 1.00 USDT a day on this amount).',
  );
  await expect(page.getByTestId('loan-late-cost')).toContainText('Late repayment:');
  await expect(page.getByTestId('loan-autorepay')).toHaveText(
    "Repayment is automatic: on the repayment date what is owed is taken from your real book's cash. If the cash is short, what there is is taken, and again every day until the loan is repaid.",
  );
  // The per-customer limit (loan_limit_per_customer, 50,000 by default) where the amount is typed.
  await expect(
    page.getByText('From 100.00 USDT to 2,000.00 USDT, at most 50,000.00 USDT per customer'),
  ).toBeVisible();
  await shot(page, 'calculator-en');

  // The agreement issued for these terms states the same rate, in the words the server's agreement uses.
  await openAgreement(page);
  const english = pdfText(await agreementPdf(request, customer, terms, 'en'), 'agreement-en');
  expect(english).toContain('Late cost: 0.1 % of the unpaid principal a day after the repayment date');
  expect(english).toContain('a late cost of 0.1 % of the principal still unpaid that day is added');

  // Arabic, right to left: the calculator and the agreement issued in Arabic.
  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId(`loan-product-${productId}`).click();
  await page.getByTestId('loan-amount').fill('1000');
  await expect(line).toContainText('من أصل القرض غير المسدَّد عن كل يوم بعد تاريخ السداد');
  await expect(line).toContainText('1.00');
  await expect(page.getByTestId('loan-autorepay')).toContainText('السداد تلقائي');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'calculator-ar');
  await openAgreement(page);
  const arabic = pdfText(await agreementPdf(request, customer, terms, 'ar'), 'agreement-ar');
  // "Late cost: 0.1 % of the unpaid principal a day after the repayment date", and the same rate in the
  // late-repayment clause. The text layer gives a mixed line's colon, number and sign in no fixed order.
  expect(arabic).toMatch(/تكلفة التأخير[ :%]*0\.1[ :%]*من الأصل غير المسدد يوميًا بعد تاريخ السداد/);
  expect(arabic).toMatch(/قدرها[ %]*0\.1[ %]*من الأصل غير المسدد في ذلك اليوم/);
  // The test's init scripts also run in the agreement's PDF frame, which has no localStorage.
  const harness = /^Cannot read properties of null \(reading '(set|get)Item'\)$/;
  expect(errors.filter((e) => !harness.test(e))).toEqual([]);
});

test('a plan bought with borrowed money is refused with the reason and the way to My loans', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = capturePageErrors(page);
  // Verified, with no money of their own: all the cash is the loan's.
  const customer = await signUp(request, 'loanplan_');
  await verifyIdentity(request, customer);
  await borrow(request, customer, '500');
  await signInBrowser(page, request, customer);
  // The real book, where the loan was paid out.
  await page.addInitScript(() => window.localStorage.setItem('virtualStatus', '2'));

  const tryPlan = async () => {
    await page.goto('/trading');
    const card = page.getByTestId('smart-product').first();
    await card.getByTestId('smart-days').getByRole('button').first().click();
    await card.getByTestId('smart-amount').fill('100');
    await card.getByTestId('smart-review').click();
    const confirm = page.getByTestId('smart-confirm');
    await expect(confirm.getByTestId('smart-confirm-book')).toHaveAttribute('data-book', 'real');
    const submit = confirm.getByTestId('smart-confirm-submit');
    await expect(submit).toBeEnabled();
    // From the keyboard: the phone's bottom sheet keeps its buttons sticky over the scrolling figures.
    await submit.focus();
    await page.keyboard.press('Enter');
    return confirm.getByTestId('smart-loan-refused');
  };

  let refused = await tryPlan();
  await expect(refused).toContainText(
    'While you repay a loan, plans and bids are paid from your own funds: you can use up to 0',
  );
  // Brought into view: on a phone the sheet's buttons stay over its bottom, where the reason comes.
  await expect(refused.getByRole('link')).toBeInViewport();
  await shot(page, 'plan-refused-en', false);
  await refused.getByRole('link', { name: 'Go to My loans' }).click();
  await expect(page).toHaveURL(/\/loan#my-loans$/);
  const loan = page.getByTestId('my-loans').getByTestId('loan-item').first();
  await expect(loan.getByTestId('loan-status')).toHaveText('Repaying');
  await expect(loan.getByTestId('loan-paid')).toHaveText('0.00 USDT');
  await expect(loan.getByTestId('loan-late-charge')).toHaveText('0.00 USDT');
  await expect(loan.getByTestId('loan-late-rate')).toHaveText('0.1% of the unpaid principal a day');
  await expect(loan.getByTestId('loan-autorepay')).toContainText(
    "Repayment is taken automatically from your real book's cash on",
  );
  await expect(page.getByTestId('my-loans')).toBeInViewport();
  await shot(page, 'my-loans-en');

  // Arabic: the server's reason in Arabic, the link in Arabic, the loan's figures right to left.
  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  refused = await tryPlan();
  await expect(refused).toContainText('أثناء سداد قرض، تُدفع الخطط والمزايدات من أموالك الخاصة فقط');
  await expect(refused.getByRole('link')).toBeInViewport();
  await shot(page, 'plan-refused-ar', false);
  await refused.getByRole('link', { name: 'الانتقال إلى قروضي' }).click();
  await expect(page.getByTestId('my-loans').getByTestId('loan-late-rate').first()).toContainText(
    'من أصل القرض غير المسدَّد يوميًا',
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'my-loans-ar');
  expect(errors).toEqual([]);
});
