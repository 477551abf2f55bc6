// The loan review in the browser, in English and in Arabic (right to left), at desktop and phone widths:
// finance opens a pending loan's details and reads the applicant's finances — the loan weighed against own
// funds, the balances, money in and out, an earlier loan (rejected) among the other loans, as a card on a
// phone — and the page never grows wider than the screen.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Locale } from '@tradewind/i18n/locales';
import { signInBackOffice, signUp } from '../support/accounts.ts';
import { verifyIdentity } from '../support/kyc.ts';
import { applyForLoan, rejectPendingLoan } from '../support/loan-application.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { capturePageErrors } from '../web/support.ts';

/** The admin catalogue's text at `key` in `lang`, as the screens show it. */
function textOf(lang: Locale) {
  const root = JSON.parse(readFileSync(`packages/i18n/locales/${lang}/admin.json`, 'utf8')) as unknown;
  return (key: string): string => {
    let node = root;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return node;
  };
}

for (const lang of ['en', 'ar'] as const) {
  test(`finance reads the applicant’s finances in a loan’s details (${lang})`, async ({ page }, info) => {
    const t = textOf(lang);
    const errors = capturePageErrors(page);
    const customer = await signUp(page.request, 'applicant');
    await verifyIdentity(page.request, customer);
    await applyForLoan(page.request, customer, '110');
    await rejectPendingLoan(page.request, customer);
    await applyForLoan(page.request, customer, '120');
    await page.addInitScript((lng) => localStorage.setItem('lang', lng), lang);
    await signInBackOffice(page, { role: 'finance' });
    await page.goto('/admin/reviews/loans');

    const row = page.getByRole('row').filter({ hasText: customer.userName });
    await row.getByRole('button', { name: t('common.details') }).click();
    const finances = page.getByRole('region', { name: t('reviews.finances.title') });
    await expect(finances.getByRole('region', { name: t('reviews.finances.affordability') })).toBeVisible();
    await expect(finances.getByText(t('reviews.finances.notCovered'))).toBeVisible();
    const balances = finances.getByRole('region', { name: t('reviews.finances.ownFundsParts') });
    await expect(balances.getByText(t('reviews.finances.ownFundsHint'))).toBeVisible();
    const others = finances.getByRole('region', { name: t('reviews.finances.otherLoans') });
    await expect(others.getByRole('row')).toHaveCount(2);
    await expect(others.getByText(t('status.rejected'))).toBeVisible();
    await finances.scrollIntoViewIfNeeded();
    await fitsTheScreen(page);
    await page.screenshot({ path: info.outputPath(`finances-${lang}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}
