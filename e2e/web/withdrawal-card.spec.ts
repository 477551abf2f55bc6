// A bank-card withdrawal says, before it is confirmed, what the platform does with it (issue 23): the
// currency (the USDT amount, not converted by Tradewind), the rate (none of ours; the bank's own if the card
// is in another currency) and the timing (paid by hand after review, several business days) — on the form
// and again in the confirmation, in English and Arabic, at 1440 and 360 px; a USDT address shows none of it.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInBrowser, signUp, type Customer } from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { saveUsableMethod } from '../support/payout-methods.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { approvePending, verifyIdentity } from '../support/kyc.ts';
import { capturePageErrors } from './support.ts';

async function cardHolder(request: APIRequestContext): Promise<Customer> {
  const customer = await signUp(request, 'wdc_');
  await verifyIdentity(request, customer);
  await claimDeposit(request, customer, '150');
  await approvePending(request, 'deposits', customer.userName);
  await saveUsableMethod(request, customer, {
    type: 'bank',
    bankName: 'Barclays',
    holderName: 'Ada Lovelace',
    cardNumber: '4111 1111 1111 1111',
  });
  return customer;
}

const expected = {
  en: ['applies no exchange rate', 'recorded in USDT', 'several business days'],
  ar: ['لا تطبّق Tradewind أي سعر صرف', 'يُسجَّل هذا السحب بعملة USDT', 'عدة أيام عمل'],
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`a bank-card withdrawal states currency, rate and timing before confirming (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    await signInBrowser(page, request, await cardHolder(request));
    await page.addInitScript((lang) => {
      localStorage.setItem('virtualStatus', '2');
      localStorage.setItem('lang', lang);
    }, lang);
    await page.goto('/profile/withdraw');
    const terms = page.getByTestId('card-payout-terms');
    await expect(terms).toBeVisible();
    for (const text of expected[lang]) await expect(terms).toContainText(text);
    await fitsTheScreen(page);
    await page.screenshot({
      path: info.outputPath(`${lang}-form.png`),
      fullPage: true,
    });

    const amount = page.locator('input[name="amount"]');
    await amount.fill('50');
    await expect(page.getByTestId('quote-net')).toContainText('49');
    await page.locator('form', { has: amount }).locator('button[type="submit"]').click();
    const confirm = page.getByRole('dialog');
    const confirmTerms = confirm.getByTestId('card-payout-terms');
    await expect(confirmTerms).toBeVisible();
    for (const text of expected[lang]) await expect(confirmTerms).toContainText(text);
    await page.screenshot({ path: info.outputPath(`${lang}-confirm.png`) });
    expect(errors).toEqual([]);
  });
}
