// The security page's signed-in devices and anti-phishing code (issue 25), English and Arabic, desktop and
// 360 px: a customer with two sessions sees both, this one marked, signs the other out (its next API call is
// 401) and sets an anti-phishing phrase (a too-short one refused at its field first).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { envelope, password, signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors, mailedMatch, skipIntro } from './support.ts';

const phoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const texts = {
  en: {
    thisDevice: 'This device',
    signOut: 'Sign out',
    signedOut: 'That session is signed out',
    save: 'Save phrase',
    linkButton: 'Sign that session out',
    linkSpent: 'This sign-out link has already been used or is no longer valid',
  },
  ar: {
    thisDevice: 'هذا الجهاز',
    signOut: 'تسجيل الخروج',
    signedOut: 'تم تسجيل خروج تلك الجلسة',
    save: 'حفظ العبارة',
    linkButton: 'تسجيل خروج تلك الجلسة',
    linkSpent: 'رابط تسجيل الخروج هذا استُخدم من قبل أو لم يعد صالحًا',
  },
} as const;

/** A second sign-in of `userName`, as from an iPhone: the "other device" of the list. */
async function signInAsPhone(request: APIRequestContext, userName: string): Promise<string> {
  const { token } = await envelope<{ token: string }>(
    await request.post('/api/swx/customer/login/login', {
      data: { userName, password },
      headers: { 'user-agent': phoneAgent },
    }),
  );
  return token;
}

for (const lang of ['en', 'ar'] as const) {
  test(`security page (${lang}): two sessions listed, the other signed out, an anti-phishing phrase set`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = capturePageErrors(page);
    const customer = await signUp(request, 'secs');
    const phone = await signInAsPhone(request, customer.userName);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await signInBrowser(page, request, customer);
    await page.goto('/profile/security');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    const current = rows.and(page.locator('[data-current="true"]'));
    await expect(current).toContainText(texts[lang].thisDevice);
    const other = rows.and(page.locator('[data-current="false"]'));
    await expect(other).toContainText('iPhone');
    await expect(other).toContainText('Safari 17');
    await page.screenshot({ path: testInfo.outputPath(`security-${lang}.png`), fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

    // Sign out the other one: asked first, then gone from the list and 401 on its next call.
    await other.getByRole('button', { name: texts[lang].signOut }).click();
    await other.locator('.sessions-confirm').getByRole('button', { name: texts[lang].signOut }).click();
    await expect(page.getByText(texts[lang].signedOut)).toBeVisible();
    await expect(rows).toHaveCount(1);
    const after = await request.post('/api/swx/customer/user/getUserInfo', {
      headers: { Authorization: phone },
    });
    expect(after.status()).toBe(401);

    // The anti-phishing code: too short is refused at its field, then a phrase is saved and shown.
    const field = page.locator('input[name="phrase"]');
    await field.fill('abc');
    await page.getByRole('button', { name: texts[lang].save }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('  blue heron 42 ');
    await page.getByRole('button', { name: texts[lang].save }).click();
    await expect(page.getByTestId('anti-phishing-current')).toContainText('blue heron 42');
    const stored = await envelope<{ phrase: string }>(
      await request.get('/api/swx/customer/security/antiPhishing', {
        headers: { Authorization: customer.token },
      }),
    );
    expect(stored.phrase).toBe('blue heron 42');
    await page.screenshot({ path: testInfo.outputPath(`security-${lang}-after.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`the new-device e-mail's link signs that session out once (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const errors = capturePageErrors(page);
    const customer = await signUp(request, 'secl');
    const phone = await signInAsPhone(request, customer.userName);
    const link = await mailedMatch(
      `${customer.userName}@example.com`,
      /https?:\/\/\S+(\/security\/revoke\?token=[\w%-]+)/,
      'a sign-out link',
    );
    const status = async (token: string) =>
      (
        await request.post('/api/swx/customer/user/getUserInfo', { headers: { Authorization: token } })
      ).status();
    await skipIntro(page);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await page.goto(link);
    // Opening the page spends nothing: a mail scanner following the link signs no one out.
    await expect(page.getByRole('button', { name: texts[lang].linkButton })).toBeVisible();
    expect(await status(phone)).toBe(200);
    await page.getByRole('button', { name: texts[lang].linkButton }).click();
    await expect(page.getByTestId('sign-out-link-done')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sign-out-link-${lang}.png`), fullPage: true });
    expect(await status(phone)).toBe(401);
    expect(await status(customer.token)).toBe(200);
    // The same link again: refused, said on the page.
    await page.reload();
    await page.getByRole('button', { name: texts[lang].linkButton }).click();
    await expect(page.getByText(texts[lang].linkSpent)).toBeVisible();
    expect(errors).toEqual([]);
  });
}
