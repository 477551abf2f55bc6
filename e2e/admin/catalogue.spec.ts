// The catalogue and the parameters in the back office, in English and Arabic (issue 13 "Proof"): an operator
// narrows an instrument's leverage within its category's cap — a choice above the cap is refused at the
// field — and the customer's page quotes the new choices; an operator changes the slippage tolerance in
// Parameters and the customer's confirm step shows and sends it, and the contract opens under it.
// Both change server-wide settings: the desktop project alone runs them, and each puts them back.
import { expect, test, type Page } from '@playwright/test';
import { backOfficeHeaders, envelope, signInBackOffice, signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors } from '../web/support.ts';

test.skip(({ isMobile }) => isMobile, 'desktop: these settings are server-wide, one project changes them');
test.describe.configure({ mode: 'serial' });

type Instrument = { id: string; code: string; leverages: number[] };

/** Arabic-Indic digits and separators as ASCII, so a figure reads the same in either script. */
const ascii = (text: string) =>
  text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/٫/g, '.')
    .replace(/[٪]/g, '%')
    .replace(/[\u200e\u200f\u2066-\u2069\u061c]/g, '');

async function instrument(page: Page, code: string): Promise<Instrument> {
  const headers = await backOfficeHeaders(page.request);
  const res = await envelope<{ list: Instrument[] }>(
    await page.request.get('/admin/api/instruments', { headers, params: { keyword: code } }),
  );
  const found = res.list.find((i) => i.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}

async function restoreLeverages(page: Page, item: Instrument): Promise<void> {
  const headers = await backOfficeHeaders(page.request);
  await envelope(
    await page.request.post(`/admin/api/instruments/${item.id}`, {
      headers,
      data: { leverages: item.leverages, reason: 'e2e: put back' },
    }),
  );
}

async function setParam(page: Page, key: string, value: string): Promise<void> {
  const headers = await backOfficeHeaders(page.request);
  await envelope(
    await page.request.post(`/admin/api/params/${key}`, {
      headers,
      data: { value, reason: 'e2e: put back' },
    }),
  );
}

async function section(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}

/** The leverage choices on the customer's instrument page, as numbers. */
async function quotedLeverages(page: Page, code: string): Promise<number[]> {
  await page.goto(`/cruuency?code=${code}`);
  const chips = page.getByTestId('contract-terms').locator('.term-chips').first().locator('.term-chip');
  await expect(chips.first()).toBeVisible();
  return (await chips.allTextContents()).map((t) => Number(ascii(t).replace(/\D/g, '')));
}

async function narrowLeverage(
  page: Page,
  o: {
    code: string;
    name: string;
    above: string;
    drop: string;
    capError: RegExp;
    texts: Record<string, string>;
  },
): Promise<void> {
  const search = page.getByRole('searchbox');
  await search.fill(o.code);
  await search.press('Enter');
  await page.getByTestId('instrument-row').filter({ hasText: o.code }).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(o.name);
  // Above the cap: refused at the field, nothing sent.
  await dialog.getByLabel(o.texts.other ?? '', { exact: true }).fill(o.above);
  await dialog.getByRole('button', { name: o.texts.add, exact: true }).click();
  await dialog.getByLabel(new RegExp(o.texts.reason ?? '')).fill('e2e: ESMA retail limits');
  await dialog.getByRole('button', { name: o.texts.review }).click();
  await expect(dialog.locator('.field-error').filter({ hasText: o.capError })).toBeVisible();
  await expect(dialog.getByTestId('change-list')).toHaveCount(0);
  // Within the cap: the review lists the change, the save is confirmed.
  await dialog.getByRole('button', { name: `${o.above}×` }).click();
  await dialog.getByRole('button', { name: `${o.drop}×` }).click();
  await dialog.getByRole('button', { name: o.texts.review }).click();
  await expect(dialog.getByTestId('change-list')).toBeVisible();
  await dialog.getByRole('button', { name: o.texts.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toContainText(o.name);
}

test('an operator narrows leverage within the cap, a choice above it is refused, the customer is quoted the new choices', async ({
  page,
  browser,
}) => {
  const errors = capturePageErrors(page);
  const gold = await instrument(page, 'XAUUSD');
  const silver = await instrument(page, 'XAGUSD');
  const customer = await browser.newPage();
  try {
    await signInBackOffice(page);
    await section(page, 'Instruments');
    await expect(page.getByRole('heading', { name: 'Instruments', level: 1 })).toBeVisible();
    await narrowLeverage(page, {
      code: 'XAUUSD',
      name: 'XAU/USD',
      above: '25',
      drop: '20',
      capError: /capped at 20×/,
      texts: {
        other: 'Other leverage',
        add: 'Add',
        reason: 'Reason for the change',
        review: 'Review changes',
        save: 'Save changes',
      },
    });
    expect(await quotedLeverages(customer, 'XAUUSD')).toEqual(gold.leverages.filter((l) => l !== 20));

    // Arabic, right to left: the same rules, the server's words in Arabic.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await section(page, 'الأدوات المالية');
    await narrowLeverage(page, {
      code: 'XAGUSD',
      name: 'XAG/USD',
      above: '30',
      drop: '10',
      capError: /20×/,
      texts: {
        other: 'رافعة مالية أخرى',
        add: 'إضافة',
        reason: 'سبب التغيير',
        review: 'مراجعة التغييرات',
        save: 'حفظ التغييرات',
      },
    });
    await page.screenshot({ path: test.info().outputPath('instruments-ar.png'), fullPage: true });
    // The customer's page in Arabic (the language is kept per browser) quotes the new choices too.
    await customer.evaluate(() => localStorage.setItem('lang', 'ar'));
    expect(await quotedLeverages(customer, 'XAGUSD')).toEqual(silver.leverages.filter((l) => l !== 10));
    await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(errors).toEqual([]);
  } finally {
    await restoreLeverages(page, gold);
    await restoreLeverages(page, silver);
    await customer.close();
  }
});

test('an operator changes the slippage tolerance in Parameters; the customer’s confirm step shows it and the contract opens under it', async ({
  page,
  browser,
  request,
}) => {
  const errors = capturePageErrors(page);
  const customerContext = await browser.newContext({ ...test.info().project.use, storageState: undefined });
  const customer = await customerContext.newPage();
  try {
    await signInBrowser(customer, request, await signUp(request, 'slip'));
    await signInBackOffice(page);

    const change = async (
      value: string,
      t: { section: string; edit: RegExp; reason: RegExp; save: string },
    ) => {
      await section(page, t.section);
      await page.getByRole('button', { name: t.edit }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').first().fill(value);
      await dialog.getByLabel(t.reason).fill('e2e: volatile week');
      await dialog.getByRole('button', { name: t.save, exact: true }).click();
      await expect(dialog).toBeHidden();
    };
    const confirmSlippage = async () => {
      await customer.goto('/cruuency?code=BTCUSDT');
      const panel = customer.getByTestId('trade-panel');
      await panel.locator('[data-direction="up"]').click();
      await panel.getByTestId('trade-review').click();
      const slippage = customer.getByTestId('trade-confirm').getByTestId('confirm-slippage');
      await expect(slippage).toBeVisible();
      return slippage;
    };

    await change('1.5', {
      section: 'Parameters',
      edit: /^Edit Largest price move before a contract is refused/,
      reason: /Reason for the change/,
      save: 'Save',
    });
    const shown = await confirmSlippage();
    await expect
      .poll(async () => ascii((await shown.locator('.num').first().textContent()) ?? ''))
      .toBe('1.5%');
    // Confirm: the quote carries the price shown, the server applies the tolerance shown.
    const submit = customer.getByTestId('trade-confirm').getByTestId('confirm-submit');
    await submit.focus();
    await customer.keyboard.press('Enter');
    await expect(customer.getByText(/Contract opened: BTC\/USDT Up/)).toBeVisible();

    // Arabic on both sides.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await change('2', {
      section: 'المعلمات',
      edit: /أقصى تغير في السعر قبل رفض العقد/,
      reason: /سبب التغيير/,
      save: 'حفظ',
    });
    await customer.evaluate(() => localStorage.setItem('lang', 'ar'));
    const shownAr = await confirmSlippage();
    await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect
      .poll(async () => ascii((await shownAr.locator('.num').first().textContent()) ?? ''))
      .toMatch(/^2(\.0+)?%$/);
    await customer.screenshot({ path: test.info().outputPath('confirm-ar.png') });
    expect(errors).toEqual([]);
  } finally {
    await setParam(page, 'max_slippage_pct', '0.5');
    await customerContext.close();
  }
});
