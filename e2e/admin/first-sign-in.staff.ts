// The back office's first sign-in, in English and in Arabic, each on a fresh server of its own
// (playwright.staff.config.ts): the first-start `admin` signs in with the generated password and is held in
// "Secure your account" (own password, TOTP enrolled from the QR code's key, the 10 recovery codes) before the
// shell appears; signs in again with a recovery code; moves two-step sign-in to a new phone (the password and
// a current code first); adds a finance colleague, whose generated password is
// shown once; the colleague, in a browser of their own, secures their account the same way and approves a
// customer's pending deposit by clicking in Reviews, and the customer's real balance shows it.
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { rtlLocales, type Locale } from '@tradewind/i18n/locales';
import {
  adminPassword,
  envelope,
  nextRecoveryCode,
  nextTotpCode,
  password,
  saveSecuredAdmin,
  signUp,
  type SecuredAccount,
} from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { capturePageErrors, uniqueName } from '../web/support.ts';

type Texts = {
  t: (key: string, params?: Record<string, string>) => string;
  server: (code: string) => string;
};

const catalogue = (lang: Locale, ns: 'admin' | 'server'): unknown =>
  JSON.parse(readFileSync(`packages/i18n/locales/${lang}/${ns}.json`, 'utf8'));

function textsOf(lang: Locale): Texts {
  const [admin, server] = [catalogue(lang, 'admin'), catalogue(lang, 'server')];
  const lookup = (node: unknown, key: string): string => {
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return node;
  };
  return {
    t: (key, params = {}) =>
      lookup(admin, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? ''),
    server: (code) => lookup(server, `codes.${code}`),
  };
}

async function openBackOffice(page: Page, lang: Locale): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await page.goto('/admin');
  await expect(page.locator('html')).toHaveAttribute('dir', rtlLocales.has(lang) ? 'rtl' : 'ltr');
}

async function signIn(page: Page, { t }: Texts, userName: string, secret: string): Promise<void> {
  await page.getByLabel(t('login.userName'), { exact: true }).fill(userName);
  await page.getByLabel(t('login.password'), { exact: true }).fill(secret);
  await page.getByRole('button', { name: t('login.submit') }).click();
}

/** The page fits its width: nothing scrolls sideways (a phone would zoom out). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 || e.getBoundingClientRect().left < -1)
      .filter((e) => !e.closest('.table-wrap, .sidebar'))
      .map(
        (e) =>
          `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)}`,
      );
    return { by: document.documentElement.scrollWidth - width, wide: wide.slice(0, 8) };
  });
  expect(overflow).toEqual({ by: 0, wide: [] });
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/**
 * "Secure your account" from the generated password to the shell: own password, TOTP from the key shown
 * beside the QR code, the recovery codes. Returns what signing in again takes.
 */
async function secureAccount(
  page: Page,
  texts: Texts,
  account: SecuredAccount,
  generated: string,
  testInfo: TestInfo,
): Promise<void> {
  const { t } = texts;
  await expect(page.getByRole('heading', { name: t('secure.title'), level: 1 })).toBeVisible();
  // The shell is not there to use until the account is secured.
  await expect(page.getByRole('navigation', { name: t('app.sections') })).toHaveCount(0);
  const steps = page.getByRole('list', { name: t('secure.progress') }).getByRole('listitem');
  await expect(steps).toContainText([t('secure.stepPassword'), t('secure.stepTotp'), t('secure.stepCodes')]);

  await expect(page.getByRole('heading', { name: t('secure.stepPassword'), level: 2 })).toBeVisible();
  await page.getByLabel(t('password.current'), { exact: true }).fill(generated);
  await page.getByLabel(t('password.next'), { exact: true }).fill('short');
  await page.getByLabel(t('password.repeat'), { exact: true }).fill('short');
  await page.getByRole('button', { name: t('secure.passwordSubmit') }).click();
  await expect(page.getByText(t('password.tooShort', { min: '12' }))).toBeVisible();
  await page.getByLabel(t('password.next'), { exact: true }).fill(account.password);
  await page.getByLabel(t('password.repeat'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t('secure.passwordSubmit') }).click();

  await expect(page.getByRole('heading', { name: t('secure.stepTotp'), level: 2 })).toBeVisible();
  await page.getByRole('button', { name: t('totp.start') }).click();
  await expect(page.getByRole('img', { name: t('totp.qrAlt') })).toBeVisible();
  account.secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(account.secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, testInfo, `${account.userName}-totp`);
  const code = page.getByLabel(t('totp.code'));
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await nextTotpCode(account));
  await page.getByRole('button', { name: t('totp.confirm') }).click();

  const codes = page.getByRole('list', { name: t('totp.codesTitle') }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  account.recoveryCodes = await codes.allTextContents();
  expect(account.recoveryCodes.every((c) => /^[0-9a-z]{5}-[0-9a-z]{5}$/.test(c))).toBe(true);
  const finish = page.getByRole('button', { name: t('secure.finish') });
  await expect(finish).toBeDisabled();
  await page.getByLabel(t('totp.saved')).check();
  await finish.click();
  await expect(page.getByRole('navigation', { name: t('app.sections') })).toBeVisible();
}

test('the first-start admin secures the account, adds a finance colleague, who secures theirs and approves a deposit', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { lang, dataDir } = testInfo.project.metadata as { lang: Locale; dataDir: string };
  // The shared helpers (the mail outbox of sign-ups, admin-secured.json) read this server's data dir.
  process.env.E2E_DATA_DIR = dataDir;
  const texts = textsOf(lang);
  const { t, server } = texts;

  // ---- the first-start admin ----
  const office = await browser.newPage();
  const officeErrors = capturePageErrors(office);
  const generated = await adminPassword();
  await openBackOffice(office, lang);
  await signIn(office, texts, 'admin', generated);
  const admin: SecuredAccount = {
    userName: 'admin',
    password: `${password} owner ${lang}`,
    role: 'superadmin',
    secret: null,
    recoveryCodes: [],
    recoveryUsed: 0,
    lastStep: null,
    token: null,
  };
  await secureAccount(office, texts, admin, generated, testInfo);
  await saveSecuredAdmin(admin);

  // Signing in again asks for a code; the app's code of this step is spent, so a recovery code.
  await office
    .getByRole('banner')
    .getByRole('button', { name: t('app.signOut') })
    .click();
  await signIn(office, texts, 'admin', admin.password);
  await expect(office.getByRole('heading', { name: t('login.codeTitle') })).toBeVisible();
  await expect(office.getByLabel(t('login.code'))).toHaveAttribute('autocomplete', 'one-time-code');
  await office.getByRole('button', { name: t('login.useRecovery') }).click();
  await office.getByLabel(t('login.recoveryCode')).fill(nextRecoveryCode(admin));
  await office.getByRole('button', { name: t('login.verify') }).click();
  await expect(office.getByRole('navigation', { name: t('app.sections') })).toBeVisible();
  await saveSecuredAdmin(admin);

  // My account: two-step sign-in on, one recovery code used, this browser among the sessions.
  await office.getByRole('link', { name: t('nav.account') }).click();
  await expect(office.getByRole('heading', { name: t('account.title'), level: 1 })).toBeVisible();
  await expect(office.getByText(t('account.totpOn'), { exact: true })).toBeVisible();
  await expect(office.getByText(t('account.codesLeft', { count: '9' }))).toBeVisible();
  await expect(office.getByRole('row').filter({ hasText: t('account.thisSession') })).toHaveCount(1);
  await shot(office, testInfo, 'account');

  // Moving two-step sign-in to a new phone takes the password and a current code first (issue 25, M-10).
  await office.getByRole('button', { name: t('account.totpMove') }).click();
  await expect(office.getByTestId('totp-secret')).toHaveCount(0);
  await office.getByLabel(t('totp.password'), { exact: true }).fill(admin.password);
  await office.getByLabel(t('totp.currentCode'), { exact: true }).fill('000000');
  await office.getByRole('button', { name: t('totp.replace') }).click();
  await expect(office.getByText(server('10179'))).toBeVisible();
  await expect(office.getByTestId('totp-secret')).toHaveCount(0);
  await shot(office, testInfo, 'account-replace-refused');
  await office.getByLabel(t('totp.currentCode'), { exact: true }).fill(await nextTotpCode(admin));
  await office.getByRole('button', { name: t('totp.replace') }).click();
  const replaced = ((await office.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(replaced).toMatch(/^[A-Z2-7]{32}$/);
  expect(replaced).not.toBe(admin.secret);
  Object.assign(admin, { secret: replaced, lastStep: null });
  await office.getByLabel(t('totp.code')).fill(await nextTotpCode(admin));
  await office.getByRole('button', { name: t('totp.confirm') }).click();
  const fresh = office.getByRole('list', { name: t('totp.codesTitle') }).getByRole('listitem');
  await expect(fresh).toHaveCount(10);
  Object.assign(admin, { recoveryCodes: await fresh.allTextContents(), recoveryUsed: 0 });
  await office.getByLabel(t('totp.saved')).check();
  await office.getByRole('button', { name: t('common.close') }).click();
  await expect(office.getByText(t('account.codesLeft', { count: '10' }))).toBeVisible();
  await saveSecuredAdmin(admin);

  // ---- a finance colleague ----
  const colleague: SecuredAccount = {
    userName: uniqueName('fin_').toLowerCase(),
    password: `${password} finance ${lang}`,
    role: 'finance',
    secret: null,
    recoveryCodes: [],
    recoveryUsed: 0,
    lastStep: null,
    token: null,
  };
  await office
    .getByRole('navigation', { name: t('app.sections') })
    .getByRole('link', { name: t('nav.staff') })
    .click();
  await expect(office.getByRole('heading', { name: t('staff.title'), level: 1 })).toBeVisible();
  await office.getByRole('button', { name: t('staff.add') }).click();
  const add = office.getByRole('dialog', { name: t('staff.addTitle') });
  await add.getByLabel(t('fields.userName')).fill(colleague.userName);
  await add.getByRole('radio', { name: t('roles.finance') }).check();
  await add.getByRole('button', { name: t('staff.create') }).click();
  const shown = office.getByRole('dialog', { name: t('staff.createdTitle', { name: colleague.userName }) });
  await expect(shown.getByText(t('staff.passwordOnce', { name: colleague.userName }))).toBeVisible();
  const colleaguePassword = (await shown.getByTestId('generated-password').textContent()) ?? '';
  expect(colleaguePassword.length).toBeGreaterThanOrEqual(12);
  await shot(office, testInfo, 'staff-created');
  await shown.getByRole('button', { name: t('staff.noted') }).click();
  await expect(shown).toBeHidden();
  const row = office.getByRole('row').filter({ hasText: colleague.userName });
  await expect(row).toContainText(t('roles.finance'));
  await expect(row).toContainText(t('staff.mustChange'));
  await expect(row).toContainText(t('staff.totpPending'));
  await expect(row).toContainText(t('staff.never'));

  // A customer's deposit waits for finance (the helpers open the channels as the secured admin).
  const customer = await signUp(request, 'stf_');
  const claim = await claimDeposit(request, customer, '150');

  // ---- the colleague, in a browser of their own ----
  const desk = await browser.newPage();
  const deskErrors = capturePageErrors(desk);
  await openBackOffice(desk, lang);
  await signIn(desk, texts, colleague.userName, colleaguePassword);
  await secureAccount(desk, texts, colleague, colleaguePassword, testInfo);

  await expect(desk.getByRole('heading', { name: t('reviews.title') })).toBeVisible();
  const item = desk.getByRole('row').filter({ hasText: customer.userName });
  await expect(item.getByRole('cell', { name: claim.id, exact: true })).toBeVisible();
  await item.getByRole('button', { name: t('reviews.approve') }).click();
  const approve = desk.getByRole('dialog', { name: t('reviews.approveTitle', { id: claim.id }) });
  await approve.getByRole('button', { name: t('reviews.confirmApprove') }).click();
  await expect(desk.getByRole('status').filter({ hasText: server('20005') })).toBeVisible();
  await expect(item).toHaveCount(0);
  const { balance } = await envelope<{ balance: string }>(
    await request.post('/api/swx/customer/user/getUserInfo', {
      headers: { Authorization: customer.token, virtually: 'YES' },
    }),
  );
  expect(balance).toBe('150');

  // The admin sees the colleague secured and signed in.
  await office.reload();
  await expect(row).toContainText(t('staff.totpOn'));
  await expect(row).not.toContainText(t('staff.mustChange'));
  await expect(row).not.toContainText(t('staff.never'));

  // The same screens at 360 px wide keep to the width.
  await office.setViewportSize({ width: 360, height: 740 });
  await expect(row).toBeVisible();
  await shot(office, testInfo, 'staff-narrow');
  await expectNoSidewaysScroll(office);
  await office
    .getByRole('banner')
    .getByRole('link', { name: t('nav.account') })
    .click();
  await expect(office.getByRole('heading', { name: t('account.title'), level: 1 })).toBeVisible();
  await shot(office, testInfo, 'account-narrow');
  await expectNoSidewaysScroll(office);
  await office.getByRole('button', { name: t('account.totpMove') }).click();
  await expect(office.getByLabel(t('totp.currentCode'), { exact: true })).toBeVisible();
  await shot(office, testInfo, 'account-replace-narrow');
  await expectNoSidewaysScroll(office);

  expect(officeErrors).toEqual([]);
  expect(deskErrors).toEqual([]);
});
