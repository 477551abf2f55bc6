// The trading screen around the trade panel, in Chromium on desktop and mobile: the K-line chart (price and
// volume panes, OHLC readout, MA/EMA overlays, fullscreen, retry after a failed load), the currency page's
// layout and closed state, the document titles, and the market list (sorting, search across categories,
// the closed badge). Screenshots of each screen go to SHOTS_DIR when it is set, for a person to look at.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

const btcDetail = '/cruuency?code=BTCUSDT&type=2&id=1';
const index = '/api/swx/customer/index';

type Item = {
  code: string;
  type: number;
  id: string;
  appName: string;
  tradable: boolean;
  nextOpenAt?: number;
};

/** An instrument closed right now by its trading hours (some stock exchange always is), or undefined. */
async function closedInstrument(request: APIRequestContext): Promise<Item | undefined> {
  for (const type of [3, 4, 1, 5]) {
    const res = await request.get(`${index}/listMarketByType`, { params: { type } });
    const items = ((await res.json()) as { result: Item[] }).result;
    const closed = items.find((i) => !i.tradable && i.nextOpenAt !== undefined);
    if (closed) return closed;
  }
  return undefined;
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

const parsePrice = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
});

test('chart: price and volume panes, a readout that follows the pointer, overlays and fullscreen', async ({
  page,
}, info) => {
  const errors = capturePageErrors(page);
  await page.goto(btcDetail);
  const chart = page.getByTestId('kline-chart');
  await expect(chart).toHaveAttribute('data-panes', '2');
  await expect(chart).toHaveAttribute('data-overlays', 'ma20');
  const readout = page.getByTestId('chart-readout');
  for (const id of ['open', 'high', 'low', 'close', 'volume']) {
    await expect(readout.getByTestId(`readout-${id}`)).toBeVisible();
  }
  await expect(readout).toHaveAttribute('data-pointed', 'false');
  await shot(page, `detail-${info.project.name}`);
  await shot(page, `detail-full-${info.project.name}`, true);

  // Desktop: at least 60 % of the content width; mobile: the whole width.
  const card = await page.getByTestId('chart-card').boundingBox();
  const layout = await page.locator('.trade-layout').boundingBox();
  expect(card && layout).toBeTruthy();
  if (card && layout) {
    if (isMobileProject(info)) expect(card.width).toBeGreaterThanOrEqual(page.viewportSize()?.width ?? 0);
    else expect(card.width / layout.width).toBeGreaterThanOrEqual(0.6);
  }

  // Pointing at a candle (hover, or a tap on a phone) shows its figures.
  const box = await chart.boundingBox();
  if (box && isMobileProject(info)) {
    await page.touchscreen.tap(box.x + box.width * 0.4, box.y + box.height * 0.4);
    await expect(readout).toHaveAttribute('data-pointed', 'true');
  } else if (box) {
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
    await expect(readout).toHaveAttribute('data-pointed', 'true');
    await page.mouse.move(box.x + box.width * 0.4, box.y - 80);
    await expect(readout).toHaveAttribute('data-pointed', 'false');
  }

  // Overlays toggle.
  const ema = page.locator('[data-overlay="ema50"]');
  await ema.click();
  await expect(ema).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-overlays', 'ma20,ema50');
  await page.locator('[data-overlay="ma20"]').click();
  await expect(chart).toHaveAttribute('data-overlays', 'ema50');

  // Another period keeps both panes.
  await page.locator('[data-period="1d"]').click();
  await expect(chart).toHaveAttribute('data-period', '1d');
  await expect(chart).toHaveAttribute('data-panes', '2');

  // Fullscreen and back.
  const cardLocator = page.getByTestId('chart-card');
  await page.getByTestId('chart-fullscreen').click();
  await expect(cardLocator).toHaveAttribute('data-fullscreen', 'true');
  const full = await chart.boundingBox();
  expect(full?.height ?? 0).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 0.6);
  await shot(page, `fullscreen-${info.project.name}`);
  await page.getByTestId('chart-fullscreen').click();
  await expect(cardLocator).toHaveAttribute('data-fullscreen', 'false');
  expect(errors).toEqual([]);
});

test('chart: a failed load offers a retry that draws the chart', async ({ page }) => {
  // The server's answer is final (no automatic retry of an answered failure): one failure shows the error.
  let failures = 0;
  await page.route('**/getKValueByCodeAndDate*', async (route) => {
    if (failures < 1) {
      failures += 1;
      await route.fulfill({ status: 500, body: 'boom' });
    } else {
      await route.continue();
    }
  });
  await page.goto(btcDetail);
  const failed = page.getByTestId('chart-error');
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.getByRole('button').click();
  await expect(page.getByTestId('kline-chart')).toHaveAttribute('data-panes', '2');
});

test('the tab names the page, and on the detail page the instrument and its price', async ({
  page,
}, info) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home · Tradewind');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  await shot(page, `home-${info.project.name}`, true);
  await page.goto('/market?type=2');
  await expect(page).toHaveTitle('Crypto · Markets · Tradewind');
  await page.goto(btcDetail);
  await expect(page).toHaveTitle(/^BTC\/USDT [\d,]+(\.\d+)? · Tradewind$/);
});

test('a closed market says so above the fold, with its next opening, on the page and in the list', async ({
  page,
  request,
}, info) => {
  const closed = await closedInstrument(request);
  test.skip(!closed, 'every market is open right now');
  if (!closed) return;
  await page.goto(`/cruuency?code=${closed.code}&type=${closed.type}&id=${closed.id}`);
  const state = page.getByTestId('detail-closed');
  await expect(state).toBeVisible();
  const box = await state.boundingBox();
  expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  await shot(page, `closed-${info.project.name}`);

  await page.goto('/market?type=2');
  await page.getByRole('searchbox').fill(closed.code);
  const row = page.locator(`[data-testid="market-row"][data-code="${closed.code}"]`);
  await expect(row.getByTestId('closed-badge')).toBeVisible();
  await expect(row.getByTestId('closed-badge')).toContainText(/Closed · opens in/);
});

test('search from the crypto tab finds gold (XAU/USD) among the metals', async ({ page }) => {
  await page.goto('/market?type=2');
  await page.getByRole('searchbox').fill('gold');
  await expect(page.getByTestId('search-scope')).toBeVisible();
  const first = page.getByTestId('market-row').first();
  await expect(first).toHaveAttribute('data-code', 'XAUUSD');
});

test('the list sorts by a column header (desktop) or the sort select (mobile)', async ({ page }, info) => {
  await page.goto('/market?type=2');
  const rows = page.getByTestId('market-row');
  await expect(rows.first()).toBeVisible();
  if (isMobileProject(info)) {
    await page.getByTestId('sort-select').selectOption('name-asc');
  } else {
    const head = page.getByTestId('market-head');
    await head.locator('[data-sort="name"]').click();
    await expect(head.locator('[aria-sort="ascending"]')).toHaveCount(1);
    await shot(page, `list-${info.project.name}`);
  }
  const names = await rows.locator('.mkt-symbol').allTextContents();
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
  expect(names.slice(0, 20)).toEqual(sorted.slice(0, 20));

  if (!isMobileProject(info)) {
    const head = page.getByTestId('market-head');
    await head.locator('[data-sort="price"]').click();
    await expect(head.locator('[data-sort="price"]').locator('..')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const prices = (await rows.locator('.mkt-price .price').allTextContents()).slice(0, 6).map(parsePrice);
    // Live ticks move prices a little between the sort and the read: each is at most 2 % above the one before.
    for (let i = 1; i < prices.length; i++)
      expect(prices[i]).toBeLessThanOrEqual((prices[i - 1] ?? 0) * 1.02);
    await expect(page.locator('.mkt-head .mkt-volume')).toBeVisible();
  } else {
    await shot(page, `list-${info.project.name}`);
  }
});

test('Arabic: the currency page and the list read right to left', async ({ page }, info) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto(btcDetail);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('kline-chart')).toHaveAttribute('data-panes', '2');
  await shot(page, `detail-ar-${info.project.name}`);
  await page.goto('/market?type=1');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  await shot(page, `list-ar-${info.project.name}`);
});
