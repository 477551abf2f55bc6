// The customer 360 in the browser, in English and in Arabic (right to left), at desktop and phone widths: a
// support operator finds a new customer by invite code, opens the 360, sees both books and the demo book's
// opening entry in the money tab, and the page never grows wider than the screen.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locale } from '@tradewind/i18n/locales';
import { envelope, signInBackOffice, signUp } from '../support/accounts.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { capturePageErrors } from '../web/support.ts';

/** The back office's catalogue: admin.json, with the shared names of ledger entries under `entries`. */
const catalogue = (lang: Locale): unknown => ({
  ...(JSON.parse(readFileSync(`packages/i18n/locales/${lang}/admin.json`, 'utf8')) as object),
  entries: JSON.parse(readFileSync(`packages/i18n/locales/${lang}/ledger.json`, 'utf8')) as unknown,
});

/** The admin catalogue's text at `key` in `lang`, as the screens show it. */
function textOf(lang: Locale) {
  const root = catalogue(lang);
  return (key: string): string => {
    let node = root;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return node;
  };
}

for (const lang of ['en', 'ar'] as const) {
  test(`support finds a customer by invite code and opens the 360 (${lang})`, async ({ page }, info) => {
    const t = textOf(lang);
    const errors = capturePageErrors(page);
    const customer = await signUp(page.request, 'c360');
    const { inviteCode } = await envelope<{ inviteCode: string }>(
      await page.request.get('/api/swx/customer/user/inviteInfo', {
        headers: { Authorization: customer.token },
      }),
    );
    await page.addInitScript((lng) => localStorage.setItem('lang', lng), lang);
    await signInBackOffice(page, { role: 'support' });
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    const sections = page.getByRole('navigation', { name: t('app.sections') });
    await sections.getByRole('link', { name: t('nav.users'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(page.getByRole('heading', { level: 1, name: t('customers.title') })).toBeVisible();

    await page.getByRole('searchbox').fill(inviteCode.toLowerCase());
    await page.getByRole('button', { name: t('customers.searchButton'), exact: true }).click();
    const link = page.getByRole('link', { name: customer.userName, exact: true });
    await expect(page.getByRole('row')).toHaveCount(2);
    await fitsTheScreen(page);
    await link.click();

    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: customer.userName })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('customers.realBook') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('customers.demoBook') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('customers.resetDemo') })).toBeVisible();
    await page.getByRole('tab', { name: t('customers.tab.money') }).click();
    await expect(page).toHaveURL(/#money$/);
    const funds = page.getByRole('region', { name: t('customers.fundRecords') });
    await expect(funds.getByText(t('customers.noFundRecords'))).toBeVisible();
    await funds.getByRole('button', { name: t('customers.showAll') }).click();
    await funds.getByText(t('values.demo'), { exact: true }).click();
    await expect(funds.getByRole('cell', { name: t('entries.kinds.demo_mint') })).toBeVisible();
    // Filtered by category: the demo book's opening entry is a demo movement, not a contract.
    const category = funds.getByTestId('fund-category');
    await category.selectOption({ label: t('entries.categories.contracts') });
    await expect(funds.getByText(t('customers.noFundRecords'))).toBeVisible();
    await category.selectOption({ label: t('entries.categories.demo') });
    await expect(funds.getByRole('cell', { name: t('entries.kinds.demo_mint') })).toBeVisible();
    await fitsTheScreen(page);
    if (process.env.E2E_SHOTS_DIR)
      await funds.screenshot({
        path: path.join(process.env.E2E_SHOTS_DIR, `customer-360-funds-${lang}-${info.project.name}.png`),
      });

    // Support reads the sessions but may not end one (setUserStatus is compliance's and superadmin's).
    await page.getByRole('tab', { name: t('customers.tab.security') }).click();
    const sessions = page.getByRole('region', { name: t('customers.sessions') });
    await expect(sessions.getByRole('row')).toHaveCount(2);
    await expect(sessions.getByText(t('customers.sessionActive'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('customers.revoke') })).toHaveCount(0);
    await fitsTheScreen(page);

    const shots = process.env.E2E_SHOTS_DIR;
    if (shots)
      await page.screenshot({
        path: path.join(shots, `customer-360-${lang}-${info.project.name}.png`),
        fullPage: true,
      });
    expect(errors).toEqual([]);
  });
}
