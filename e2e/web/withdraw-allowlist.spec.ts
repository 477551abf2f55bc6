// The withdrawal allowlist in the browser (issue 25), English and Arabic, desktop and 360 px: a USDT address is
// added with the login password (none and a wrong one said at the field), shows "usable from" and cannot be
// chosen; the server's test clock moves past the cool-down and the withdrawal goes through; then a password
// change pauses withdrawals and the withdrawal page says until when. It moves the server's clock, so it runs
// in the server-wide project, after the others, one test at a time.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { password, signInBrowser, signUp, type Customer } from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { approvePending, verifyIdentity } from '../support/kyc.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { setPayoutCooldown } from '../support/payout-methods.ts';
import { capturePageErrors } from './support.ts';

test.describe.configure({ mode: 'serial' });

const tronAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const hourMs = 3_600_000;
const phone = {
  viewport: { width: 360, height: 740 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The app's text at `key` (dotted) in `lang`'s catalogue `ns`, with `{{name}}` left for a pattern. */
function textOf(lang: string, ns: string, key: string): string {
  const catalogue: unknown = JSON.parse(readFileSync(`packages/i18n/locales/${lang}/${ns}.json`, 'utf8'));
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  if (typeof found !== 'string') throw new Error(`no text ${ns}:${key} in ${lang}`);
  return found;
}

/** The text before its first placeholder: what a localized sentence with a time in it starts with. */
const lead = (text: string) => text.split('{{')[0]?.trim() ?? text;

/** How far the server's test clock is ahead of real time. */
async function serverOffsetMs(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/test/clock')).json()) as { offsetMs: number }).offsetMs;
}

/** The page's clock set to the server's: the screens judge "usable from" by the device's time. */
async function followServerClock(page: Page, request: APIRequestContext): Promise<void> {
  await page.clock.setSystemTime(Date.now() + (await serverOffsetMs(request)));
}

async function fundedCustomer(request: APIRequestContext): Promise<Customer> {
  const customer = await signUp(request, 'wal_');
  await verifyIdentity(request, customer);
  await claimDeposit(request, customer, '150');
  await approvePending(request, 'deposits', customer.userName);
  return customer;
}

test.beforeAll(async ({ request }) => setPayoutCooldown(request, 24));
// The other specs that withdraw right after adding a method expect 0 (e2e/support/payout-methods.ts).
test.afterAll(async ({ request }) => setPayoutCooldown(request, 0));

for (const layout of ['desktop', 'phone'] as const) {
  test.describe(layout, () => {
    if (layout === 'phone') test.use(phone);

    for (const lang of ['en', 'ar'] as const) {
      test(`a new address waits out the cool-down, then takes a withdrawal; a password change pauses them (${lang})`, async ({
        page,
        request,
      }, info) => {
        test.setTimeout(120_000);
        const wallet = (key: string) => textOf(lang, 'wallet', key);
        const errors = capturePageErrors(page);
        const customer = await fundedCustomer(request);
        await signInBrowser(page, request, customer);
        await page.addInitScript((lang) => {
          localStorage.setItem('virtualStatus', '2');
          localStorage.setItem('lang', lang);
        }, lang);
        await page.clock.install({ time: Date.now() + (await serverOffsetMs(request)) });
        await page.goto('/profile/withdraw');
        await expect(page.getByText(wallet('withdraw.noMethodsTitle'))).toBeVisible();

        // Adding the address: the password is asked, and a wrong one is refused at its field.
        await page
          .getByRole('button', { name: wallet('withdraw.addMethod') })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByTestId('method-cooldown-note')).toContainText('24');
        await dialog.locator('input[name="address"]').fill(tronAddress);
        await dialog.getByRole('button', { name: wallet('withdraw.saveMethod') }).click();
        const passwordField = dialog.locator('input[name="password"]');
        await expect(passwordField).toHaveAccessibleDescription(wallet('withdraw.errors.enterPassword'));
        await passwordField.fill('not my password');
        await dialog.getByRole('button', { name: wallet('withdraw.saveMethod') }).click();
        await expect(passwordField).toHaveAccessibleDescription(textOf(lang, 'server', 'codes.10143'));
        await passwordField.fill(password);
        await page.screenshot({ path: info.outputPath(`${lang}-${layout}-add.png`) });
        await dialog.getByRole('button', { name: wallet('withdraw.saveMethod') }).click();
        await expect(dialog).toBeHidden();

        // In its cool-down: said with the time, and not choosable.
        const method = page.getByTestId('withdraw-method');
        const usableFrom = method.getByTestId('method-usable-from');
        await expect(usableFrom).toContainText(lead(wallet('withdraw.usableFrom')));
        await expect(method.getByRole('radio')).toHaveAttribute('aria-disabled', 'true');
        await method.getByRole('radio').click({ force: true });
        await expect(method.getByRole('radio')).toHaveAttribute('aria-checked', 'false');
        await fitsTheScreen(page);
        await page.screenshot({ path: info.outputPath(`${lang}-${layout}-cooling.png`), fullPage: true });

        // A day later on the server's clock (and the page's), it is usable and the withdrawal goes through.
        expect((await request.post('/test/clock', { data: { advanceMs: 24 * hourMs + 60_000 } })).ok()).toBe(
          true,
        );
        await followServerClock(page, request);
        await page.reload();
        await expect(method.getByRole('radio')).toHaveAttribute('aria-checked', 'true');
        await expect(usableFrom).toHaveCount(0);
        const amount = page.locator('input[name="amount"]');
        await amount.fill('50');
        await expect(page.getByTestId('withdraw-quote').getByTestId('quote-net')).toBeVisible();
        await page.locator('form', { has: amount }).locator('button[type="submit"]').click();
        const confirm = page.getByRole('dialog');
        await confirm.locator('input[name="password"]').fill(password);
        await confirm.getByRole('button', { name: wallet('withdraw.confirm') }).click();
        await expect(confirm).toBeHidden();
        await expect(page.getByTestId('withdrawal-row').first()).toBeVisible();

        // A password change pauses withdrawals for the same cool-down: the page says until when.
        await page.goto('/profile/password');
        await page.locator('input[name="oldPassword"]').fill(password);
        await page.locator('input[name="password"]').fill('violet harbour engine 4711');
        await page.locator('input[name="confirm"]').fill('violet harbour engine 4711');
        await page.locator('form button[type="submit"]').click();
        await expect(page).toHaveURL(/\/profile$/);
        await page.goto('/profile/withdraw');
        const paused = page.getByTestId('withdrawals-paused');
        await expect(paused).toContainText(lead(wallet('withdraw.paused')));
        await expect(page.locator('input[name="amount"]')).toHaveCount(0);
        await fitsTheScreen(page);
        await page.screenshot({ path: info.outputPath(`${lang}-${layout}-paused.png`), fullPage: true });
        expect(errors).toEqual([]);
      });
    }
  });
}
