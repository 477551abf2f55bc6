// The back office's dashboard and exports in Chromium, English and Arabic, desktop and phone: the figures are
// the server's (a claim made here shows in the waiting deposits), both charts draw on canvases once their
// lazily loaded chunk arrives, nothing scrolls sideways, and an export downloads a CSV holding the claim.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { rtlLocales, type Locale } from '@tradewind/i18n/locales';
import { envelope, signInBackOffice, signUp } from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { capturePageErrors } from '../web/support.ts';

type Catalogue = Record<string, unknown>;
const catalogue = (lang: Locale): Catalogue =>
  JSON.parse(readFileSync(`packages/i18n/locales/${lang}/admin.json`, 'utf8')) as Catalogue;

/** The admin text `key` in `lang`, with its {{params}} filled in. */
function text(lang: Locale, key: string, params: Record<string, string> = {}): string {
  let node: unknown = catalogue(lang);
  for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

/** The figure card labelled `label`. */
const card = (page: Page, label: string) =>
  page.locator('.stat').filter({ has: page.locator('dt', { hasText: label }) });

for (const lang of ['en', 'ar'] as const) {
  test(`the dashboard shows the server's figures and draws both charts (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const customer = await signUp(request, 'dash');
    await claimDeposit(request, customer, '321.5');
    await page.addInitScript((l) => {
      if (window.top === window) localStorage.setItem('lang', l);
    }, lang);
    const account = await signInBackOffice(page, { role: 'finance' });
    await page.goto('/admin/dashboard');
    await expect(page.locator('html')).toHaveAttribute('dir', rtlLocales.has(lang) ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'dashboard.title') })).toBeVisible();

    const deposits = card(page, text(lang, 'dashboard.depositsPending'));
    await expect(deposits).toBeVisible();
    // The numbers are the server's at the moment the page asked (other tests add to them meanwhile).
    const figures = await envelope<{ customers: number; depositsPending: { count: number } }>(
      await page.request.get('/admin/api/dashboard', { headers: { Authorization: account.token ?? '' } }),
    );
    expect(figures.depositsPending.count).toBeGreaterThanOrEqual(1);
    const customers = card(page, text(lang, 'dashboard.customers')).locator('dd').first();
    expect(Number((await customers.innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);

    for (const chart of ['dashboard.chartMoney', 'dashboard.chartCustomers']) {
      const box = page.getByRole('img', { name: text(lang, chart) });
      await expect(box).toBeVisible();
      await expect(box.locator('canvas').first()).toBeVisible();
    }
    await page.getByText(text(lang, 'dashboard.showFigures')).click();
    await expect(page.getByRole('rowheader', { name: new Date().toISOString().slice(0, 10) })).toBeVisible();
    await fitsTheScreen(page);
    await info.attach(`dashboard-${lang}-${info.project.name}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    expect(errors).toEqual([]);
  });
}

test('an export downloads the deposits of the range as CSV', async ({ page, request }, info) => {
  const customer = await signUp(request, 'dashx');
  const claimed = await claimDeposit(request, customer, '123.45');
  await signInBackOffice(page, { role: 'finance' });
  await page.goto('/admin/exports');
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  await page.getByLabel('Records').selectOption('deposits');
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByLabel('To (UTC day, included)')).toHaveValue(today);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^tradewind-deposits-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const path = await download.path();
  const csv = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split('\n')[0]).toBe(
    'id,created_at,user_id,user_name,asset,network,address,tx_hash,pay_amount,credit_usdt,usdt_per_coin,rate_tick_id,spread_bps,status,reason,reviewed_by,reviewed_at,entry_id',
  );
  const line = csv.split('\n').find((l) => l.startsWith(`${claimed.id},`));
  expect(line).toContain(`,${customer.userName},USDT,TRC20,`);
  expect(line).toContain(',123.45,1,,0,pending,');
  await expect(page.getByText(`${download.suggestedFilename()} is downloaded.`)).toBeVisible();
  await fitsTheScreen(page);
  await info.attach(`exports-${info.project.name}`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
});
