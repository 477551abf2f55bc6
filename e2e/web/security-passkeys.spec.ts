// Passkeys in the browser (issue 25), English and Arabic, desktop and 360 px, with Chromium's virtual
// authenticator (CDP WebAuthn: a platform authenticator that holds discoverable credentials and verifies the
// user): add a passkey on the security page, sign out, sign in with it and no password, then remove it.
//
// WebAuthn binds a passkey to the relying party the server names from PUBLIC_URL, and the server accepts only
// that origin. This server keeps the default PUBLIC_URL (http://localhost:3000) while it listens on
// 127.0.0.1:<E2E_PORT>, so this browser resolves localhost:3000 to the server (--host-resolver-rules): the page
// is on the PUBLIC_URL origin, a secure context as every localhost one is.
import { expect, test, type Page } from '@playwright/test';
import { fitsTheScreen } from '../support/layout.ts';
import { shot, textOf } from '../support/security-texts.ts';
import { signUp } from '../support/accounts.ts';
import { capturePageErrors, clientIp, isMobileProject, skipIntro } from './support.ts';

const publicOrigin = new URL(process.env.PUBLIC_URL ?? 'http://localhost:3000').origin;
const serverPort = Number(process.env.E2E_PORT ?? 3100);
const password = 'correct horse battery';

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--host-resolver-rules=MAP ${new URL(publicOrigin).host} 127.0.0.1:${serverPort}`,
    ],
  },
});

/** A platform authenticator in this page that says yes at once, as a phone's unlock would. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

for (const lang of ['en', 'ar'] as const) {
  test(`a passkey added on the security page signs in without a password (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = textOf(lang);
    const shotName = (step: string) => `security-passkeys-${info.project.name}-${lang}-${step}`;
    await page.setExtraHTTPHeaders(clientIp());
    const errors = capturePageErrors(page);
    const customer = await signUp(request, isMobileProject(info) ? `mpk${lang}_` : `dpk${lang}_`);
    await skipIntro(page);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    const authenticator = await virtualAuthenticator(page);

    // Signed in with the password, on the PUBLIC_URL origin.
    await page.goto(`${publicOrigin}/pass/login`);
    await page.getByLabel(t('auth.fields.userNameOrEmail')).fill(customer.userName);
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(password);
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');

    await page.goto(`${publicOrigin}/profile/security`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const section = page.locator('.passkeys');
    await expect(section.getByRole('heading', { name: t('passkeys.title') })).toBeVisible();
    await expect(section.getByText(t('passkeys.none'))).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, shotName('empty'));

    // A wrong password is said at its field and makes no passkey; the right one runs the browser's prompt.
    await section.getByRole('button', { name: t('passkeys.add') }).click();
    const form = section.getByTestId('passkey-add');
    await form.getByLabel(t('passkeys.nameLabel')).fill('Test laptop');
    await form.getByLabel(t('auth.fields.password'), { exact: true }).fill('not the password');
    await form.getByRole('button', { name: t('passkeys.create') }).click();
    await expect(form.locator('.field-error')).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(0);
    await fitsTheScreen(page);
    await shot(page, shotName('add-refused'));
    await form.getByLabel(t('auth.fields.password'), { exact: true }).fill(password);
    await form.getByRole('button', { name: t('passkeys.create') }).click();
    const row = section.getByTestId('passkey-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Test laptop')).toBeVisible();
    await expect(row).toContainText(t('passkeys.neverUsed'));
    const held = await authenticator.credentials();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ isResidentCredential: true, rpId: new URL(publicOrigin).hostname });
    await fitsTheScreen(page);
    await shot(page, shotName('added'));

    // Signed out, then in again with the passkey alone: the browser offers it, no name or password typed.
    await page.goto(`${publicOrigin}/profile`);
    await page.getByRole('button', { name: t('account.logout') }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBeNull();
    await page.goto(`${publicOrigin}/pass/login`);
    const passkeyButton = page.getByRole('button', { name: t('passkeys.signIn') });
    await expect(passkeyButton).toBeVisible();
    await fitsTheScreen(page);
    await shot(page, shotName('login'));
    await passkeyButton.click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    const signedIn = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as unknown,
    );
    expect(signedIn).toMatchObject({ userName: customer.userName });

    // The list says it was used; removing it needs the password, and leaves the empty state.
    await page.goto(`${publicOrigin}/profile/security`);
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText(t('passkeys.neverUsed'));
    await row.getByRole('button', { name: t('passkeys.remove') }).click();
    const remove = row.getByTestId('passkey-remove');
    await remove.getByLabel(t('auth.fields.password'), { exact: true }).fill(password);
    await fitsTheScreen(page);
    await shot(page, shotName('remove'));
    await remove.getByRole('button', { name: t('passkeys.removeConfirm') }).click();
    await expect(section.getByText(t('passkeys.none'))).toBeVisible();
    expect(errors).toEqual([]);
  });
}
