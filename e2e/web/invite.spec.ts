// The invite programme in the browser against the real server (issue 11 "Proof"), on desktop and phone, in
// English and Arabic: the invite page shows the code, the link and its QR code and the reward rule; a
// visitor who opens the link finds the code filled in on the sign-up form and signs up; once finance
// approves the invitee's first deposit, the inviter sees the masked invitee with the reward paid.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { envelope, password, signInBrowser, signUp, type Customer } from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { approvePending } from '../support/kyc.ts';
import { capturePageErrors, clientIp, mailedCode, skipIntro, uniqueName } from './support.ts';

type InviteInfo = { inviteCode: string; inviteUrl: string };

const inviteInfo = async (request: APIRequestContext, customer: Customer) =>
  envelope<InviteInfo>(
    await request.get('/api/swx/customer/user/inviteInfo', { headers: { Authorization: customer.token } }),
  );

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.INVITE_SHOTS_DIR ?? test.info().outputDir;
  await page.screenshot({ path: `${dir}/invite-${test.info().project.name}-${name}.png`, fullPage: true });
}

/** The QR image has loaded and has a size: the SVG was made and decoded. */
async function expectQr(page: Page): Promise<void> {
  const qr = page.getByTestId('invite-qr');
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/** "alice" → "al***", as inviteInfo masks it. */
const masked = (userName: string) => `${userName.slice(0, 2)}***`;

test('the invite link pre-fills the sign-up, and the inviter then sees the masked invitee rewarded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = capturePageErrors(page);
  const inviter = await signUp(request, 'inviter_');
  const { inviteCode, inviteUrl } = await inviteInfo(request, inviter);

  await signInBrowser(page, request, inviter);
  await page.goto('/profile/invite');
  await expect(page.getByTestId('invite-code')).toHaveText(inviteCode);
  await expect(page.getByTestId('invite-link')).toHaveText(inviteUrl);
  expect(inviteUrl).toMatch(new RegExp(`/pass/register\\?invite=${inviteCode}$`));
  await expectQr(page);
  await expect(page.getByTestId('invite-rule')).toContainText('you receive 10.00 USDT in your real book');
  await expect(page.getByText('No invited friends yet')).toBeVisible();
  // The share button appears only where the browser offers the Web Share API.
  const shareable = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(page.getByTestId('invite-share')).toHaveCount(shareable ? 1 : 0);
  await shot(page, 'empty');

  // A visitor opens the link (on this server's origin: PUBLIC_URL is the production one).
  const visitorContext = await browser.newContext({ ...test.info().project.use, storageState: undefined });
  const visitor = await visitorContext.newPage();
  await skipIntro(visitor);
  await visitor.setExtraHTTPHeaders(clientIp());
  const link = new URL(inviteUrl);
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByLabel(/Invite code/)).toHaveValue(inviteCode);
  const userName = uniqueName('friend_');
  const email = `${userName}@example.com`;
  await visitor.getByLabel('Username').fill(userName);
  await visitor.getByLabel('Email address').fill(email);
  await visitor.getByRole('button', { name: 'Send code' }).click();
  await visitor.getByLabel('Verification code').fill(await mailedCode(email));
  await visitor.getByLabel('Password', { exact: true }).fill(password);
  await visitor.getByLabel('Confirm password').fill(password);
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  await expect(visitor).toHaveURL((url) => url.pathname === '/');
  const stored = await visitor.evaluate(() => localStorage.getItem('userInfo'));
  const invitee: Customer = { userName, token: (JSON.parse(stored ?? '{}') as { token: string }).token };
  await visitorContext.close();

  await page.reload();
  const list = page.getByTestId('invitees');
  await expect(list).toContainText(masked(userName));
  await expect(list).not.toContainText(userName);
  await expect(list).toContainText('Waiting for first deposit');
  await expect(page.getByTestId('invite-count')).toContainText('1');

  // The invitee's first deposit, approved by finance, pays the inviter.
  await claimDeposit(request, invitee, '150');
  await approvePending(request, 'deposits', userName);
  await page.reload();
  await expect(list).toContainText('Reward paid');
  await expect(page.getByTestId('invite-earned')).toContainText('10.00');
  await shot(page, 'rewarded');
  // The reward is a line of the inviter's real fund records, named as such.
  await page.goto('/profile/balance');
  await page.getByRole('button', { name: 'Real', exact: true }).first().click();
  const record = page.getByTestId('fund-records').getByRole('listitem').first();
  await expect(record).toContainText('Invite reward');
  await expect(record).toContainText('+10.00 USDT');
  expect(errors).toEqual([]);
});

test('the invite page in Arabic reads right to left with the code, link, QR and rule', async ({
  page,
  request,
}) => {
  const errors = capturePageErrors(page);
  const inviter = await signUp(request, 'inviter_ar_');
  const { inviteCode } = await inviteInfo(request, inviter);
  // One invitee through the API, so the list shows a masked name in the right-to-left layout.
  const userName = uniqueName('sara_');
  const email = `${userName}@example.com`;
  const headers = clientIp();
  await envelope(
    await request.post('/api/swx/customer/login/sendCode', { data: { email, purpose: 'register' }, headers }),
  );
  await envelope(
    await request.post('/api/swx/customer/login/register', {
      data: { userName, email, password, code: await mailedCode(email), inviteCode },
      headers,
    }),
  );

  await page.addInitScript(() => localStorage.setItem('lang', 'ar'));
  await signInBrowser(page, request, inviter);
  await page.goto('/profile/invite');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('invite-code')).toHaveText(inviteCode);
  await expect(page.getByRole('button', { name: 'نسخ رمز الدعوة الخاص بك' })).toBeVisible();
  // Interpolated values are bidi-isolated in right-to-left languages (U+2066…U+2069 around them).
  await expect(page.getByTestId('invite-rule')).toContainText(/\u2068?10\.00\u2069? USDT/);
  await expectQr(page);
  await expect(page.getByTestId('invitees')).toContainText(masked(userName));
  await expect(page.getByTestId('invitees')).toContainText('بانتظار أول إيداع');
  // Nothing spills past the viewport on a 360 px phone in right to left.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'ar');
  expect(errors).toEqual([]);
});
