// Two-factor sign-in in the browser (issue 25), English and Arabic, desktop and 360 px: turn it on from the
// security page (the key read off the page, codes computed as an authenticator app does, by the server's
// clock), the ten recovery codes shown once, sign out, and sign in again with the password and then a code.
import { expect, test } from '@playwright/test';
import { fitsTheScreen } from '../support/layout.ts';
import { shot, textOf } from '../support/security-texts.ts';
import {
  nextTotpCode,
  signInBrowser,
  signUp,
  turnOnCustomerTotp,
  customerTotpAccount,
} from '../support/accounts.ts';
import {
  capturePageErrors,
  clientIp,
  isMobileProject,
  mailedCode,
  skipIntro,
  uniqueName,
} from './support.ts';

for (const lang of ['en', 'ar'] as const) {
  test(`two-factor is turned on, then asked at the next sign-in (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = textOf(lang);
    const shotName = (step: string) => `security-2fa-${info.project.name}-${lang}-${step}`;
    await page.setExtraHTTPHeaders(clientIp());
    const errors = capturePageErrors(page);
    const customer = await signUp(request, isMobileProject(info) ? `m2fa${lang}_` : `d2fa${lang}_`);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await signInBrowser(page, request, customer);

    await page.goto('/profile/security');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const section = page.locator('.two-factor');
    await expect(section.getByRole('heading', { name: t('twoFactor.title') })).toBeVisible();
    await expect(section.locator('.two-factor-badge')).toHaveText(t('twoFactor.off'));
    await section.getByTestId('totp-turn-on').click();

    // The scan step: a QR code and the key to type; the key is what the test's "authenticator" reads.
    const key = section.getByTestId('totp-secret');
    await expect(key).toBeVisible();
    await expect(section.getByRole('img', { name: t('twoFactor.qrAlt') })).toBeVisible();
    const secret = (await key.getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const account = customerTotpAccount(customer, secret);
    await fitsTheScreen(page);
    await shot(page, shotName('scan'));

    // A wrong code is said at the field; the right one turns it on.
    await section.getByTestId('totp-code').fill('000000');
    await section.getByTestId('totp-confirm').click();
    const first = await nextTotpCode(account, request);
    if (first === '000000') throw new Error('the next code happens to be 000000: run again');
    await expect(section.locator('.field-error')).toBeVisible();
    await section.getByTestId('totp-code').fill(first);
    await section.getByTestId('totp-confirm').click();

    const codes = section.getByTestId('recovery-codes').locator('li');
    await expect(codes).toHaveCount(10);
    for (const code of await codes.allTextContents()) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await expect(section.getByTestId('totp-done')).toBeDisabled();
    await fitsTheScreen(page);
    await shot(page, shotName('codes'));
    await section.getByTestId('totp-saved').check();
    await section.getByTestId('totp-done').click();
    await expect(section.locator('.two-factor-badge[data-state="on"]')).toBeVisible();
    // Right to left, a value set into a sentence is isolated (FSI … PDI): the words and the figure, not the exact string.
    const [codesLeft = ''] = t('twoFactor.codesLeft').split('{{count}}');
    await expect(section.getByText(codesLeft.trim())).toContainText('10');
    await shot(page, shotName('on'));

    // Sign out, and in again: the password alone is not enough on this browser (no device token yet).
    await page.goto('/profile');
    await page.getByRole('button', { name: t('account.logout') }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBeNull();
    await page.goto('/pass/login');
    await page.getByLabel(t('auth.fields.userNameOrEmail')).fill(customer.userName);
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(account.password);
    await page.locator('form button[type="submit"]').click();
    const step = page.getByTestId('login-second-factor');
    await expect(step).toBeVisible();
    await expect(step.getByText(t('twoFactor.loginStep'))).toBeVisible();
    await fitsTheScreen(page);
    await shot(page, shotName('login-step'));
    // A spent code (the one that turned it on) is refused at the field; the next one signs in.
    await step.getByLabel(t('twoFactor.codeLabel')).fill(first);
    await step.getByRole('button', { name: t('twoFactor.verify') }).click();
    await expect(step.locator('.field-error')).toBeVisible();
    await step.getByLabel(t('twoFactor.codeLabel')).fill(await nextTotpCode(account, request));
    await step.getByRole('button', { name: t('twoFactor.verify') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    expect(errors).toEqual([]);
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`sign-up offers two-factor, once (${lang})`, async ({ page }, info) => {
    const t = textOf(lang);
    await page.setExtraHTTPHeaders(clientIp());
    const errors = capturePageErrors(page);
    await skipIntro(page);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    const userName = uniqueName(isMobileProject(info) ? `mo${lang}_` : `do${lang}_`);
    const email = `${userName}@example.com`;

    await page.goto('/pass/register?invite=');
    await page.getByLabel(t('auth.fields.userName')).fill(userName);
    await page.getByLabel(t('auth.fields.email')).fill(email);
    await page.getByRole('button', { name: t('auth.code.send') }).click();
    await page.getByLabel(t('auth.fields.code')).fill(await mailedCode(email));
    const password = 'lantern quiet harbor 7! tw';
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(password);
    await page.getByLabel(t('auth.fields.confirm')).fill(password);
    await page.locator('form button[type="submit"]').click();

    const offer = page.getByTestId('two-factor-offer');
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(t('twoFactor.offerTitle'));
    await fitsTheScreen(page);
    await shot(page, `security-2fa-${info.project.name}-${lang}-offer`);
    // The offer leads to the security page, and is not made again.
    await offer.getByRole('link', { name: t('twoFactor.setUp') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile/security');
    await expect(page.locator('.two-factor')).toBeVisible();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.two-factor')).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`the password change asks for the code once two-factor is on (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = textOf(lang);
    await page.setExtraHTTPHeaders(clientIp());
    const errors = capturePageErrors(page);
    const customer = await signUp(request, isMobileProject(info) ? `mp${lang}_` : `dp${lang}_`);
    const account = await turnOnCustomerTotp(request, customer);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await signInBrowser(page, request, customer);

    await page.goto('/profile/password');
    await page.getByLabel(t('password.current')).fill(account.password);
    const next = 'lantern quiet harbor 8! tw';
    await page.getByLabel(t('auth.fields.newPassword')).fill(next);
    await page.getByLabel(t('auth.fields.confirm')).fill(next);
    const code = page.getByTestId('second-factor');
    await expect(code).toBeVisible();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText(t('twoFactor.enterCode'))).toBeVisible();
    await fitsTheScreen(page);
    await shot(page, `security-2fa-${info.project.name}-${lang}-password`);
    await code.fill(await nextTotpCode(account, request));
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    // The session that changed it stays signed in.
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    expect(errors).toEqual([]);
  });
}
