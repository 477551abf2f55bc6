// Money reads by one rule per context (issue 23, @tradewind/contract/money-format): every balance with the same
// 2 decimals, grouped for the language — equity, available and frozen on the balance page and the available
// amount on the withdrawal form alike, where available once showed 6 — and a notification's amount grouped
// in the reader's language ("2,500.12 USDT", not "2500.123456 USDT"); an open position's P&L with 2 decimals
// and its sign, its margin with 2. English and Arabic, 1440 and 360 px.
import { expect, test, type Page } from '@playwright/test';
import { envelope, signInBrowser, signUp } from '../support/accounts.ts';
import { openDemoContract } from '../support/contracts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { approvePending, verifyIdentity } from '../support/kyc.ts';
import { capturePageErrors } from './support.ts';

/** The balance rule, by the browser's own Intl for `lang`: 2 decimals, grouped, toward zero. */
function balanceText(page: Page, lang: string, value: string): Promise<string> {
  return page.evaluate(
    ([lng, v]) =>
      new Intl.NumberFormat(lng, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        roundingMode: 'trunc',
      }).format(v as Intl.StringNumericLiteral),
    [lang, value] as const,
  );
}

for (const lang of ['en', 'ar'] as const) {
  test(`balances read with 2 decimals alike and notifications group amounts (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const customer = await signUp(request, 'money');
    await verifyIdentity(request, customer);
    await claimDeposit(request, customer, '2500.123456');
    await approvePending(request, 'deposits', customer.userName);
    await page.addInitScript((lng) => {
      localStorage.setItem('lang', lng);
      if (!localStorage.getItem('virtualStatus')) localStorage.setItem('virtualStatus', '2');
    }, lang);
    await signInBrowser(page, request, customer);
    const user = await envelope<{ equity: string; balance: string; frozen: string }>(
      await request.post('/api/swx/customer/user/getUserInfo', {
        headers: { Authorization: customer.token, virtually: 'YES' },
      }),
    );
    expect(user.balance).toBe('2500.123456');

    await page.goto('/profile/balance');
    const shown = (tile: string) => page.getByTestId(`tile-${tile}`).locator('dd');
    for (const [tile, value] of [
      ['equity', user.equity],
      ['balance', user.balance],
      ['frozen', user.frozen],
    ] as const) {
      await expect(shown(tile)).toHaveText(`${await balanceText(page, lang, value)} USDT`);
    }
    if (lang === 'en') {
      await expect(shown('equity')).toHaveText('2,500.12 USDT');
      await expect(shown('balance')).toHaveText('2,500.12 USDT');
    }
    await page.screenshot({ path: info.outputPath(`balance-${lang}.png`), fullPage: true });

    // The withdrawal form's available amount is a balance too: the same figure, not its 6 decimals.
    await page.goto('/profile/withdraw');
    await expect(page.getByTestId('withdraw-available')).toContainText(
      `${await balanceText(page, lang, user.balance)} USDT`,
    );
    await expect(page.getByTestId('withdraw-available')).not.toContainText('123456');

    // The deposit's notification: its amount grouped in the reader's language.
    await page.goto('/profile/notification');
    const deposit = page.getByTestId('notification').first();
    await expect(deposit).toContainText(`${await balanceText(page, lang, '2500.123456')} USDT`);
    if (lang === 'en') await expect(deposit).toContainText('Your deposit of 2,500.12 USDT');
    await expect(deposit).not.toContainText('2500.123456');
    await page.screenshot({ path: info.outputPath(`notification-${lang}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });

  test(`an open position's P&L reads with 2 decimals and a sign, its margin with 2 (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const customer = await signUp(request, 'pnlfmt');
    await openDemoContract(request, customer);
    await page.addInitScript((lng) => localStorage.setItem('lang', lng), lang);
    await signInBrowser(page, request, customer);
    await page.goto('/profile/orders');
    const position = page.getByTestId('open-position');
    await expect(position).toHaveCount(1);
    // The figure and the value behind it in one look: a price tick re-renders both.
    const read = () =>
      position.getByTestId('position-pnl').evaluate((el, lng) => {
        const rule = new Intl.NumberFormat(lng, {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
          roundingMode: 'halfExpand',
          signDisplay: 'exceptZero',
        });
        const value = el.dataset.pnl ?? '';
        return {
          shown: el.querySelector('.num')?.textContent,
          wanted: rule.format(value as Intl.StringNumericLiteral),
        };
      }, lang);
    await expect
      .poll(async () => {
        const r = await read();
        return r.shown === r.wanted;
      })
      .toBe(true);
    const margin = position.locator('dd').filter({ hasText: 'USDT' }).first();
    if (lang === 'en') {
      await expect(position.getByTestId('position-pnl').locator('.num')).toHaveText(
        /^(?:[+-][\d,]+\.\d{2}|0\.00)$/,
      );
      await expect(margin).toHaveText(/^[\d,]+\.\d{2} USDT$/);
    }
    await page.screenshot({ path: info.outputPath(`position-${lang}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}
