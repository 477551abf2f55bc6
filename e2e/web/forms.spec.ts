// Forms that say the right thing in the right place: server findings at their fields until changed, focus on
// the first invalid field, the KYC note and area code, and the withdrawal's password, address and rows.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { envelope, password, signInBrowser, signUp, type Customer } from '../support/accounts.ts';
import { claimDeposit, png } from '../support/deposits.ts';
import { approvePending, verifyIdentity } from '../support/kyc.ts';
import { capturePageErrors, clientIp, skipIntro } from './support.ts';

/** A base58check TRC20 address (the server checks the checksum). */
const tronAddress = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

async function shot(page: Page, name: string, project: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-${project}.png`), fullPage: false });
}

test('sign-up: taken username and email stay at their fields, and the first invalid field gets focus', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  await skipIntro(page);
  await page.setExtraHTTPHeaders(clientIp());
  const existing = await signUp(request, 'taken_');
  await page.goto('/pass/register');

  // An empty submit: the first field is focused and in view.
  await page.getByRole('button', { name: 'Sign up' }).click();
  const userName = page.getByLabel('Username');
  await expect(userName).toBeFocused();
  await expect(userName).toBeInViewport();

  // Found taken on blur, the message survives a submit, which focuses the field instead of sending.
  await userName.fill(existing.userName);
  await userName.blur();
  await expect(userName).toHaveAccessibleDescription(/already (taken|exists)/);
  await page.getByLabel('Email address').fill(`${existing.userName}@example.com`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(userName).toHaveAccessibleDescription(/already (taken|exists)/);
  await expect(userName).toBeFocused();

  // A registered email is said at the email field, not in a banner or a toast.
  const email = page.getByLabel('Email address');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(email).toHaveAccessibleDescription(/Email already exists/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(page.locator('.note-error')).toHaveCount(0);
  await shot(page, 'signup-taken', info.project.name);

  // Changing a field clears that field's finding only.
  await userName.fill(`${existing.userName}x`);
  await expect(userName).not.toHaveAccessibleDescription(/already/);
  await expect(email).toHaveAccessibleDescription(/Email already exists/);
  await email.fill(`${existing.userName}x@example.com`);
  await expect(email).not.toHaveAccessibleDescription(/already exists/);
  expect(errors).toEqual([]);
});

test('KYC: the "complete all" note goes once all is filled; the area code follows the country until picked', async ({
  page,
  request,
}, info) => {
  const errors = capturePageErrors(page);
  const customer = await signUp(request, 'kycf_');
  await signInBrowser(page, request, customer);
  await page.goto('/profile/verification');

  await page.getByRole('button', { name: 'Submit for verification' }).click();
  const note = page.getByText('Please complete all the information');
  await expect(note).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toBeInViewport();

  const areaCode = page.getByLabel('Country calling code');
  await page.getByLabel('Country or region').selectOption('FR');
  await expect(areaCode).toHaveValue('+33');
  await page.getByLabel('Country or region').selectOption('JP');
  await expect(areaCode).toHaveValue('+81');

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Sex').selectOption('female');
  await page.getByLabel('Date of birth').fill('1990-12-10');
  await page.getByLabel('Residential address').fill('12 St James Square, London');
  await page.getByLabel('Phone number').fill('7700900123');
  await page.getByLabel('Front of the document').setInputFiles(png('front.png'));
  await page.getByLabel('Back of the document').setInputFiles(png('back.png'));
  await expect(note).toBeVisible();
  await page.getByLabel('You holding the document').setInputFiles(png('selfie.png'));
  // Everything is filled: nothing is missing any more, so the note is gone before any new submit.
  await expect(note).toBeHidden();

  // The customer's own pick wins over the country from then on.
  await areaCode.selectOption('+44');
  await page.getByLabel('Country or region').selectOption('DE');
  await expect(areaCode).toHaveValue('+44');
  await shot(page, 'kyc-filled', info.project.name);
  expect(errors).toEqual([]);
});

async function withdrawer(request: APIRequestContext): Promise<Customer> {
  const customer = await signUp(request, 'wdf_');
  await verifyIdentity(request, customer);
  await claimDeposit(request, customer, '150');
  await approvePending(request, 'deposits', customer.userName);
  await envelope(
    await request.post('/api/swx/customer/user/withdrawalType/save', {
      headers: { Authorization: customer.token, virtually: 'YES' },
      data: { type: 'usdt', network: 'TRC20', address: tronAddress },
    }),
  );
  return customer;
}

for (const lang of ['en', 'ar'] as const) {
  test(`withdrawal (${lang}): wrong password said as such, the whole address in groups, a pending row to come`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const customer = await withdrawer(request);
    await signInBrowser(page, request, customer);
    await page.addInitScript((lang) => {
      localStorage.setItem('virtualStatus', '2');
      localStorage.setItem('lang', lang);
    }, lang);
    await page.goto('/profile/withdraw');
    const amount = page.locator('input[name="amount"]');
    await amount.fill('50');
    await expect(page.getByTestId('quote-net')).toContainText('49');
    await page.locator('form', { has: amount }).locator('button[type="submit"]').click();
    const confirm = page.getByRole('dialog');
    const address = confirm.getByTestId('confirm-address');
    await expect(address).toBeVisible();
    // Every character, in groups of four, left to right even in Arabic.
    expect((await address.textContent()) ?? '').toBe(tronAddress);
    await expect(address.locator('span')).toHaveCount(Math.ceil(tronAddress.length / 4));
    await expect(address.locator('span').first()).toHaveText(tronAddress.slice(0, 4));
    await expect(address).toHaveAttribute('dir', 'ltr');
    const style = await address.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(style).toMatch(/mono/i);

    const passwordField = confirm.locator('input[name="password"]');
    await passwordField.fill('not my password');
    await confirm.locator('button[type="submit"]').click();
    const wrong = lang === 'en' ? 'Incorrect password' : 'كلمة المرور غير صحيحة';
    await expect(passwordField).toHaveAccessibleDescription(wrong);
    await expect(passwordField).toBeFocused();
    await expect(confirm).not.toContainText(lang === 'en' ? 'username' : 'اسم المستخدم');
    await shot(page, `withdraw-confirm-${lang}`, info.project.name);

    await passwordField.fill(password);
    await confirm.locator('button[type="submit"]').click();
    await expect(confirm).toBeHidden();
    const row = page.getByTestId('withdrawal-row').first();
    await expect(row.getByTestId('withdrawal-net')).toContainText(
      lang === 'en' ? 'You will receive:' : 'ستستلم:',
    );
    await expect(row.getByTestId('withdrawal-net')).toContainText('49');

    await approvePending(request, 'withdrawals', customer.userName);
    await page.goto('/profile/records?tab=withdrawals');
    await expect(page.getByTestId('withdrawal-row').first().getByTestId('withdrawal-net')).toContainText(
      lang === 'en' ? 'Received:' : 'المستلم:',
    );
    await shot(page, `withdraw-rows-${lang}`, info.project.name);
    expect(errors).toEqual([]);
  });
}
