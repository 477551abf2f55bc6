// What the contract screens tell the customer about money and levels (issue 23), on the demo book: the
// confirm step lists the take-profit, states the maximum loss as margin plus fee and the slippage tolerance
// in USDT for the chosen size; after Confirm the new position is brought into view (not left below the fold
// behind a toast) and its card shows TP, SL and the P&L after the fee; the close dialog and the close
// announcement name the book and the amount; a Down ticket with levels the wrong way round gets the bounds
// for Down. English and Arabic, at 1440 and 360 px.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors, isMobileProject, pressContractConfirm } from './support.ts';

const code = 'BTCUSDT';
const shots = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string, mobile: boolean): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${mobile ? 'mobile' : 'desktop'}.png` });
}

/** A whole-number level as a price is shown in English: grouped, with or without the instrument's zeros. */
const levelShown = (level: string) => new RegExp(`^${Number(level).toLocaleString('en')}(\\.0+)?$`);

/** An English amount ("1,234.5" → 1234500000n micro-units), exactly: grouping removed, six decimals. */
function microsOf(text: string): bigint {
  const match = /^([+-]?)([\d,]+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const [, sign, whole = '', frac = ''] = match;
  const value = BigInt(whole.replaceAll(',', '')) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return sign === '-' ? -value : value;
}

/** The latest price in whole units (BTC trades in the tens of thousands: a level ±20 % is far from it). */
async function livePrice(page: Page): Promise<number> {
  const info = await page.request.get(`/api/swx/customer/index/getMarketInfo/${code}`);
  const body = (await info.json()) as { result: { nowPrice: string } };
  return Math.round(Number(body.result.nowPrice));
}

async function openTicket(page: Page, lang: 'en' | 'ar'): Promise<Locator> {
  if (lang === 'ar') await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto(`/cruuency?code=${code}`);
  const panel = page.getByTestId('trade-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('confirm lists TP, max loss with the fee and slippage in USDT; the new position comes into view with TP/SL and net P&L; close names book and amount', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  const mobile = isMobileProject(info);
  await signInBrowser(page, request, await signUp(request, 'terms'));
  const panel = await openTicket(page, 'en');
  const price = await livePrice(page);
  const tp = String(Math.round(price * 1.2));
  const sl = String(Math.round(price * 0.8));
  await panel.locator('[data-direction="up"]').click();
  await panel.locator('input[name="takeProfit"]').fill(tp);
  await panel.locator('input[name="stopLoss"]').fill(sl);
  await panel.getByTestId('trade-review').click();

  const confirm = page.getByTestId('trade-confirm');
  await expect(confirm.getByTestId('confirm-take-profit')).toHaveText(levelShown(tp));
  await expect(confirm.getByTestId('confirm-stop-loss')).toHaveText(levelShown(sl));
  await expect(confirm.getByTestId('confirm-slippage-value')).toHaveText(
    /^up to [\d,]+\.\d+ USDT at this size$/,
  );
  await expect(confirm.getByTestId('confirm-profit-gross')).toHaveText(/^\+[\d,]+\.\d+ USDT before the fee$/);
  // Margin, fee and maximum loss read in one look (a tick re-renders them together), exactly: the amounts
  // the figures carry, not the display's rounding of them.
  await expect(confirm.getByTestId('confirm-max-loss')).toContainText('USDT');
  const [maxLoss, margin, fee] = await confirm.evaluate((el) =>
    ['confirm-max-loss', 'confirm-margin', 'confirm-fee'].map(
      (id) => el.querySelector<HTMLElement>(`[data-testid="${id}"]`)?.dataset.amount ?? '',
    ),
  );
  expect(microsOf(fee ?? '')).toBeGreaterThan(0n);
  expect(microsOf(maxLoss ?? '')).toBe(microsOf(margin ?? '') + microsOf(fee ?? ''));
  await shot(page, 'terms-confirm', mobile);
  await pressContractConfirm(page);

  // The new position is brought into view and marked; its card shows TP and SL and the P&L after the fee.
  const position = page.getByTestId('positions-here').getByTestId('open-position');
  await expect(position).toHaveCount(1);
  await expect(position).toHaveAttribute('data-new', 'true');
  await expect(position).toBeInViewport({ ratio: 0.9 });
  await expect(position.getByTestId('position-take-profit')).toHaveText(levelShown(tp));
  await expect(position.getByTestId('position-stop-loss')).toHaveText(levelShown(sl));
  await expect(position.getByTestId('position-gross')).toHaveText(
    /^[+-]?[\d,]+\.\d+ USDT before the [\d,]+\.\d+ USDT fee$/,
  );
  const pnl = position.getByTestId('position-pnl');
  // The contract's own fee (at its open tick; the confirm step showed the fee at the price then).
  const [net, gross, openFee] = await pnl.evaluate((el) => [
    el.dataset.pnl ?? '',
    el.dataset.gross ?? '',
    el.dataset.fee ?? '',
  ]);
  expect(microsOf(openFee ?? '')).toBeGreaterThan(0n);
  expect(microsOf(net ?? '')).toBe(microsOf(gross ?? '') - microsOf(openFee ?? ''));
  await shot(page, 'terms-position', mobile);

  await position.getByTestId('position-close').click();
  await expect(page.getByTestId('position-close-what')).toHaveText(
    /^Demo book: BTC\/USDT Up · 0\.01 lots · /,
  );
  await expect(page.getByTestId('position-close-amount')).toHaveText(
    /^Net P&L now [+-]?[\d,]+\.\d+ USDT \([+-]?[\d,]+\.\d+ USDT before the [\d,]+\.\d+ USDT fee\)$/,
  );
  await shot(page, 'terms-close-dialog', mobile);
  await page.getByTestId('position-close-confirm').click();
  await expect(
    page.getByText(
      /^Demo book: BTC\/USDT Up closed \(Closed by you\): net P&L [+-]?[\d,.]+ USDT \(fee [\d,.]+ USDT\)$/,
    ),
  ).toBeVisible();

  // History: the closed contract shows its result after the fee (the server's netPnl), the gross beside it.
  await page.goto('/profile/orders');
  await page.locator('[data-tab="closed"]').click();
  const closed = page.getByTestId('closed-position');
  await expect(closed).toHaveCount(1);
  await expect(closed).toContainText('Net P&L');
  await expect(closed.getByTestId('position-take-profit')).toHaveText(levelShown(tp));
  const [closedNet, closedGross, closedFee] = await closed
    .getByTestId('position-pnl')
    .evaluate((el) => [el.dataset.pnl ?? '', el.dataset.gross ?? '', el.dataset.fee ?? '']);
  expect(microsOf(closedNet ?? '')).toBe(microsOf(closedGross ?? '') - microsOf(closedFee ?? ''));
  expect(errors).toEqual([]);
});

test('Down with levels the wrong way round names the bounds for Down, in English and Arabic', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  await signInBrowser(page, request, await signUp(request, 'termsdown'));
  const panel = await openTicket(page, 'en');
  const price = await livePrice(page);
  await panel.locator('[data-direction="down"]').click();
  await panel.locator('input[name="takeProfit"]').fill(String(Math.round(price * 1.2)));
  await expect(panel.getByTestId('trade-level-error')).toHaveText(
    /^Down: take-profit must be below [\d,]+\.\d+ and stop-loss above it$/,
  );
  await panel.locator('[data-direction="up"]').click();
  await expect(panel.getByTestId('trade-level-error')).toBeHidden();
  await panel.locator('input[name="takeProfit"]').fill(String(Math.round(price * 0.8)));
  await expect(panel.getByTestId('trade-level-error')).toHaveText(
    /^Up: take-profit must be above [\d,]+\.\d+ and stop-loss below it$/,
  );

  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  const ar = await openTicket(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await ar.locator('[data-direction="down"]').click();
  await ar.locator('input[name="stopLoss"]').fill(String(Math.round(price * 0.8)));
  await expect(ar.getByTestId('trade-level-error')).toContainText('هبوط: يجب أن يكون جني الأرباح تحت');
  await expect(ar.getByTestId('trade-level-error')).toContainText('ووقف الخسارة فوقه');
  await shot(page, 'terms-down-ar', isMobileProject(info));
  expect(errors).toEqual([]);
});

test('in Arabic the confirm step lists the take-profit and the slippage in USDT, and the new card its levels', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  const mobile = isMobileProject(info);
  await signInBrowser(page, request, await signUp(request, 'termsar'));
  const panel = await openTicket(page, 'ar');
  const price = await livePrice(page);
  await panel.locator('[data-direction="down"]').click();
  await panel.locator('input[name="takeProfit"]').fill(String(Math.round(price * 0.8)));
  await panel.getByTestId('trade-review').click();
  const confirm = page.getByTestId('trade-confirm');
  await expect(confirm.getByText('جني الأرباح', { exact: true })).toBeVisible();
  await expect(confirm.getByTestId('confirm-take-profit')).not.toBeEmpty();
  await expect(confirm.getByTestId('confirm-slippage-value')).toContainText('بهذا الحجم');
  await expect(confirm.getByTestId('confirm-slippage-value')).toContainText('USDT');
  await expect(confirm).toContainText('الهامش مضافًا إليه رسوم الفتح');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'terms-confirm-ar', mobile);
  await pressContractConfirm(page);
  const position = page.getByTestId('positions-here').getByTestId('open-position');
  await expect(position).toBeInViewport({ ratio: 0.9 });
  await expect(position).toContainText('صافي الربح/الخسارة');
  await expect(position.getByTestId('position-stop-loss')).toHaveText('غير محدد');
  await expect(position.getByTestId('position-take-profit')).not.toHaveText('غير محدد');
  await shot(page, 'terms-position-ar', mobile);
  expect(errors).toEqual([]);
});
