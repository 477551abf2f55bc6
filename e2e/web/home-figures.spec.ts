// Home's figures and product cards, and the market detail's volume (issue 23): "Registered users" counts a
// sign-up when the new customer lands on home (it was kept from before for a minute), the desktop Loans and
// NFT cards say what the product is with its terms from the data, and the 24 h volume names its unit.
import { expect, test, type Page } from '@playwright/test';
import { clientIp, goInApp, isMobileProject, mailedCode, skipIntro, uniqueName } from './support.ts';

const password = 'correct horse battery';

async function registeredUsers(page: Page): Promise<number> {
  const tile = page.getByTestId('stat-users').locator('dd').first();
  await expect(tile).toHaveText(/\d/);
  return Number((await tile.innerText()).replace(/\D/g, ''));
}

test.beforeEach(async ({ page }) => skipIntro(page));

test('"Registered users" on home counts the customer who has just signed up', async ({ page }) => {
  await page.setExtraHTTPHeaders(clientIp());
  await page.goto('/');
  const before = await registeredUsers(page);

  const userName = uniqueName('hf_');
  const email = `${userName}@example.com`;
  await goInApp(page, '/pass/register');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await mailedCode(email));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  // Within the minute the figures used to be kept: the count has this customer in it.
  await expect.poll(() => registeredUsers(page), { timeout: 5_000 }).toBeGreaterThan(before);
});

for (const lang of ['en', 'ar'] as const) {
  test(`the desktop Loans and NFT cards give the product's terms (${lang})`, async ({ page }, info) => {
    test.skip(isMobileProject(info), 'the phone home shows the products as an icon grid');
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await page.goto('/');
    const loan = page.getByTestId('home-loan-line');
    const nft = page.getByTestId('home-nft-line');
    await expect(loan).toContainText('USDT');
    await expect(loan).toContainText(/[%٪]/);
    await expect(nft).toHaveText(/[0-9٠-٩]/);
    if (lang === 'en') {
      await expect(loan).toHaveText(/^Borrow up to [\d.]+K? USDT for up to \d+ days, from [\d.]+% a day$/);
      await expect(nft).toHaveText(/^Charity auctions: \d+ open now$/);
    }
    for (const card of [loan, nft]) {
      const box = await card.boundingBox();
      expect(box && box.width > 0 && box.x + box.width <= 1440).toBe(true);
    }
    await page.locator('.feature-mini').screenshot({ path: info.outputPath(`home-cards-${lang}.png`) });
  });
}

test('the 24 h volume and the chart readout name what volume counts: the base asset', async ({ page }) => {
  for (const [code, unit] of [
    ['BTCUSDT', 'BTC'],
    ['EURUSD', 'EUR'],
  ] as const) {
    await page.goto(`/cruuency?code=${code}`);
    await expect(page.getByTestId('day-volume').locator('dd')).toHaveText(new RegExp(`\\d.* ${unit}$`));
    // The chart's readout names it for each candle too.
    await expect(page.getByTestId('readout-volume').locator('dd')).toHaveText(new RegExp(`\\d.* ${unit}$`));
  }
});
