// The support inbox in the browser against the real server (issue 11 "Proof"), on desktop and phone, in
// English and Arabic: a customer opens support from the top bar's icon and sends a message with an image;
// an operator answers it in the back office at /admin; the answer appears in the customer's open screen
// without a reload, and a later answer shows as a badge on the support icon.
// Both come with the app's polls (apps/web/src/api/support.ts): the open conversation asks every 5 s, the badge
// every 15 s. The page's clock is moved past the next poll instead of waiting it out (up to 20 s a run, four
// runs): what is proved is the same, that the next poll brings the answer without a reload.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInBackOffice, signInBrowser, signUp } from '../support/accounts.ts';
import type { WebCatalogue } from '@tradewind/i18n';
import { capturePageErrors } from './support.ts';

/** conversationPollMs and unreadPollMs of apps/web/src/api/support.ts. */
const conversationPollMs = 5_000;
const unreadPollMs = 15_000;

type Catalogue = Pick<WebCatalogue, 'support' | 'nav'>;
const catalogue = async (lang: string): Promise<Catalogue> =>
  JSON.parse(await readFile(path.join('packages/i18n/locales', lang, 'web.json'), 'utf8')) as Catalogue;

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SUPPORT_SHOTS_DIR ?? test.info().outputDir;
  await page.screenshot({ path: `${dir}/support-${test.info().project.name}-${name}.png`, fullPage: true });
}

/** The back office on a desktop-sized page of its own (it is an operator's tool, not a phone screen). */
async function backOffice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signInBackOffice(page);
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Support inbox' })
    .click();
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  return page;
}

/** The operator opens the customer's thread (the list is polled, so a new thread shows up by itself). */
async function answer(admin: Page, userName: string, text: string): Promise<void> {
  const row = admin.getByTestId('support-thread').filter({ hasText: userName });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: userName }).click();
  await admin.getByLabel('Reply', { exact: true }).fill(text);
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByTestId('support-log')).toContainText(text);
}

for (const lang of ['en', 'ar'] as const) {
  test(`a customer's message is answered from the back office and the answer appears without a reload (${lang})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const errors = capturePageErrors(page);
    const texts = await catalogue(lang);
    const customer = await signUp(request, 'helpme_');
    if (lang === 'ar') await page.addInitScript(() => localStorage.setItem('lang', 'ar'));
    await signInBrowser(page, request, customer);
    // Time flows as usual until the test moves it on past a poll (fastForward fires each due timer once).
    await page.clock.install();

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: texts.nav.support, exact: true }).click();
    await expect(page).toHaveURL(/\/help\/support$/);
    await expect(page.getByText(texts.support.emptyTitle)).toBeVisible();
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await shot(page, `${lang}-empty`);

    // One image with the message, sent with Enter.
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('support-file')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByAltText(texts.support.previewAlt)).toBeVisible();
    const question = lang === 'ar' ? 'لم يصل إيداعي بعد' : 'My deposit has not arrived yet';
    const box = page.getByLabel(texts.support.messageLabel, { exact: true });
    await box.fill(question);
    await box.press('Enter');
    const log = page.getByTestId('support-log');
    await expect(log.getByTestId('support-message')).toHaveCount(1);
    await expect(log).toContainText(question);
    await expect(log.getByAltText(texts.support.imageAlt)).toBeVisible();
    await expect(box).toHaveValue('');

    const admin = await backOffice(browser);
    const reply = lang === 'ar' ? 'وصل إيداعك وتمت إضافته إلى رصيدك.' : 'It has arrived and is credited now.';
    await answer(admin, customer.userName, reply);
    await expect(admin.getByTestId('support-log').getByRole('img')).toBeVisible();
    await shot(admin, `${lang}-back-office`);

    // The open screen polls: the answer arrives without a reload, signed as Tradewind support.
    await page.clock.fastForward(conversationPollMs);
    const staffBubble = log.getByTestId('support-message').filter({ hasText: reply });
    await expect(staffBubble).toBeVisible();
    await expect(staffBubble).toContainText(texts.support.staffName);
    await shot(page, `${lang}-answered`);

    // Away from the screen, the next answer shows as a badge on the support icon.
    await page.goto('/');
    await answer(
      admin,
      customer.userName,
      lang === 'ar' ? 'هل تحتاج إلى شيء آخر؟' : 'Anything else we can help with?',
    );
    await page.clock.fastForward(unreadPollMs);
    // A poll already in flight when the clock moved may answer from before the reply: the next one is 15 s on.
    await expect(page.getByRole('banner').getByTestId('support-badge')).toHaveText(/^(1|١)$/, {
      timeout: unreadPollMs + 5_000,
    });
    await shot(page, `${lang}-badge`);
    await admin.context().close();
    expect(errors).toEqual([]);
  });
}
