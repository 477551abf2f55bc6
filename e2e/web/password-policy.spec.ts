// The password policy on sign-up (issue 25, M-3), English and Arabic, desktop and 360 px: the strength meter
// follows what is typed from weak to strong and names why a password would be refused; a weak one is refused
// with that reason at the field, and a strong one signs up.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { capturePageErrors, clientIp, mailedCode, skipIntro, uniqueName } from './support.ts';

type Strength = Record<
  'label' | 'weak' | 'fair' | 'good' | 'strong' | 'tooShort' | 'common' | 'personal',
  string
>;
const strengthTexts = (lang: string): Strength =>
  JSON.parse(readFileSync(`packages/i18n/locales/${lang}/security.json`, 'utf8')).passwordStrength;

for (const lang of ['en', 'ar'] as const) {
  test(`sign-up's strength meter goes from weak to strong and a weak password is refused (${lang})`, async ({
    page,
  }, info) => {
    const s = strengthTexts(lang);
    // The app isolates an interpolated number (U+2068 … U+2069) so it reads right inside Arabic text.
    const tooShort = new RegExp(s.tooShort.replace('{{min}}', '\u2068?10\u2069?'));
    await skipIntro(page);
    await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    await page.setExtraHTTPHeaders(clientIp());
    const errors = capturePageErrors(page);
    const userName = uniqueName('pwp_');
    const email = `${userName}@example.com`;

    await page.goto('/pass/register');
    await page.locator('input[name="userName"]').fill(userName);
    await page.locator('input[name="email"]').fill(email);
    const password = page.locator('input[name="password"]');
    const meter = page.getByTestId('password-meter');
    const bar = meter.getByRole('meter', { name: s.label });

    await password.fill('12345678');
    await expect(bar).toHaveAttribute('aria-valuetext', s.weak);
    await expect(meter).toContainText(tooShort);
    await password.fill('password1234');
    await expect(bar).toHaveAttribute('aria-valuetext', s.weak);
    await expect(meter).toContainText(s.common);
    await password.fill(`${userName} lantern 42`);
    await expect(meter).toContainText(s.personal);
    await password.fill('lantern quarry velvet 42');
    await expect(bar).toHaveAttribute('aria-valuetext', s.strong);
    await expect(bar).toHaveAttribute('aria-valuenow', '4');
    await expect(meter).not.toContainText(s.common);
    await page
      .locator('.auth-card, form')
      .first()
      .screenshot({ path: info.outputPath(`meter-strong-${lang}.png`) });

    // A weak password is stopped with its reason at the field; nothing is sent.
    const sent = await page.request.post('/api/swx/customer/login/sendCode', {
      data: { email, purpose: 'register' },
      headers: clientIp(),
    });
    expect((await sent.json()).code).toBe('200');
    await page.locator('input[name="code"]').fill(await mailedCode(email));
    await password.fill('password1234');
    await page.locator('input[name="confirm"]').fill('password1234');
    let registered = 0;
    page.on('request', (r) => void (r.url().endsWith('/login/register') && registered++));
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field-error', { hasText: s.common })).toBeVisible();
    await expect(password).toBeFocused();
    await page
      .locator('form')
      .first()
      .screenshot({ path: info.outputPath(`refused-${lang}.png`) });
    expect(registered).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(width).toBeLessThanOrEqual(0);

    // The strong one signs up.
    await password.fill('lantern quarry velvet 42');
    await page.locator('input[name="confirm"]').fill('lantern quarry velvet 42');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(registered).toBe(1);
    expect(errors).toEqual([]);
  });
}
