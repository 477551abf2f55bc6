// Being told things (issue 12): the bell with the unread count in both top bars, updated without a reload and
// cleared when read; the password change saying what happened; the page <title> in the current language; the
// footer's copyright years and the operator's contact details from the parameters.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  backOfficeHeaders,
  envelope,
  password,
  signInBrowser,
  signUp,
  type Customer,
} from '../support/accounts.ts';
import { verifyIdentity } from '../support/kyc.ts';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

type Catalogue = Record<string, Record<string, string>>;
const catalogue = (lang: string, ns: string): Catalogue =>
  JSON.parse(readFileSync(`packages/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Catalogue;

const bar = (page: Page, mobile: boolean) => page.locator(mobile ? '.m-topbar' : '.topbar');

/** unreadPollMs of apps/web/src/api/notifications.ts: how often the bell asks for the unread count. */
const unreadPollMs = 20_000;

/** `count` notifications for the customer: staff answer their support message `count` times. */
async function supportReplies(request: APIRequestContext, customer: Customer, count: number): Promise<void> {
  await envelope(
    await request.post('/api/swx/customer/support/send', {
      headers: { Authorization: customer.token },
      data: { text: 'Where do I see my notifications?' },
    }),
  );
  const headers = await backOfficeHeaders(request);
  const threads = await envelope<{ list: { id: string; userName: string }[] }>(
    await request.get('/admin/api/support?size=100', { headers }),
  );
  const thread = threads.list.find((t) => t.userName === customer.userName);
  if (!thread) throw new Error(`no support thread of ${customer.userName}`);
  for (let i = 1; i <= count; i++)
    await envelope(
      await request.post(`/admin/api/support/${thread.id}/reply`, {
        headers,
        data: { text: `Answer ${i}: under Account → Notifications.` },
      }),
    );
}

test('the bell shows the unread count without a reload and clears when read', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const mobile = isMobileProject(info);
  const errors = capturePageErrors(page);
  const customer = await signUp(request, 'bell_');
  await signInBrowser(page, request, customer);
  // The bell's next poll is brought on by moving the page's clock past it, instead of waiting up to 20 s;
  // time flows as usual otherwise (fastForward fires each due timer once).
  await page.clock.install();
  await page.goto('/market');
  const bell = bar(page, mobile).getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(bell.getByTestId('notification-badge')).toHaveCount(0);

  // Compliance approves the identity check: a notification arrives while the page stays open.
  await verifyIdentity(request, customer);
  await page.clock.fastForward(unreadPollMs);
  // A poll already in flight when the clock moved may answer from before the approval: the next is 20 s on.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: unreadPollMs + 10_000 });
  await expect(bell.getByTestId('notification-badge')).toHaveText('1');

  // Opening the list reads what it shows: the badge clears with no further tap, the item keeps its "new" mark
  // for this visit, and the server has it read (a reload shows it read and the badge stays clear).
  await bell.click();
  await expect(page).toHaveURL(/\/profile\/notification$/);
  const item = page.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-fresh', 'true');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(bell.getByTestId('notification-badge')).toHaveCount(0);
  await expect(page.getByTestId('unread-count')).toHaveText('All caught up');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await page.reload();
  await expect(item).toHaveCount(1);
  await expect(item).not.toHaveAttribute('data-fresh');
  await expect(bell.getByTestId('notification-badge')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('opening the list reads only the page it shows; the next page is read when shown', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  // 21 unread notifications: one more than a page (20).
  const customer = await signUp(request, 'bellpg_');
  await supportReplies(request, customer, 21);
  await signInBrowser(page, request, customer);
  await page.goto('/market');
  const bell = bar(page, isMobileProject(info)).getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 21 unread');
  await bell.click();
  await expect(page.getByTestId('notification')).toHaveCount(20);
  // The one on page 2 is still unread: the bell says so, and "Mark all as read" is there for it.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('unread-count')).toHaveText('Unread: 1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('notification')).toHaveCount(1);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('unread-count')).toHaveText('All caught up');
});

test.describe('what the server answers and the document title, whatever the layout', () => {
  // The password change's message and the tab's title are the same on a phone: neither is drawn by the bar.
  test.skip(({ isMobile }) => isMobile, 'no layout or touch in it');

  test('changing the password says the other devices were signed out, and they were', async ({
    page,
    request,
  }) => {
    const customer = await signUp(request, 'pwmsg_');
    // A second device: its own session of the same customer.
    const other = await envelope<{ token: string }>(
      await request.post('/api/swx/customer/login/login', {
        data: { userName: customer.userName, password },
      }),
    );
    await signInBrowser(page, request, customer);
    await page.goto('/profile/password');
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password').fill('a brand new secret');
    await page.getByLabel('Confirm password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed; other devices were signed out')).toBeVisible();
    await expect(page.getByText('Operation successful')).toHaveCount(0);
    const answer = await request.post('/api/swx/customer/user/getUserInfo', {
      headers: { Authorization: other.token },
    });
    expect(answer.status()).toBe(401);
  });

  test('the page title names the page in the current language, and the instrument and price', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const customer = await signUp(request, 'title_');
    await signInBrowser(page, request, customer);
    for (const lang of ['en', 'de', 'ja']) {
      const web = catalogue(lang, 'web');
      const market = catalogue(lang, 'market');
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const expected: [string, string][] = [
        ['/', `${web.titles?.home ?? ''} · Tradewind`],
        ['/help', `${web.titles?.help ?? ''} · Tradewind`],
        ['/profile/notification', `${web.titles?.notifications ?? ''} · Tradewind`],
        ['/profile/password', `${web.titles?.changePassword ?? ''} · Tradewind`],
      ];
      for (const [path, title] of expected) {
        await page.goto(path);
        await expect(page, `${lang} ${path}`).toHaveTitle(title);
      }
      await page.goto('/market');
      await expect(page).toHaveTitle(new RegExp(`${market.list?.title ?? ''} · Tradewind$`));
      await page.goto('/cruuency?code=BTCUSDT');
      await expect(page).toHaveTitle(/^BTC\/USDT [\d.,\s'’]+ · Tradewind$/);
    }
  });
});

test('the footer names 2023 to this year', async ({ page }, info) => {
  await skipIntro(page);
  await page.goto('/');
  const years = `2023–${new Date().getFullYear()}`;
  const copyright = page.locator(isMobileProject(info) ? '.m-footer .copyright' : 'footer .copyright');
  await expect(copyright).toContainText(years);
  await expect(copyright).toContainText('©');
});
