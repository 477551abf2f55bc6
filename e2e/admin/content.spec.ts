// The content editor in the back office, end to end: a superadmin edits a FAQ entry in English and in Arabic
// (the Arabic tab written right to left, through the TipTap editor), saves with a reason, and the customer
// site's FAQ shows the new texts in each language; a language with no text of its own is answered in English
// and says so. Runs on desktop and on a 360 px phone. E2E_SHOTS_DIR keeps screenshots of the editor.
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import type { AdminContentDetail, FaqEntry } from '@tradewind/contract';
import { backOfficeHeaders, envelope, signInBackOffice } from '../support/accounts.ts';
import { familyLoaded } from '../support/fonts.ts';
import { skipIntro, uniqueName } from '../web/support.ts';

const shots = process.env.E2E_SHOTS_DIR;

/** The customer site's FAQ in `lang`, opened on the entry `id`. */
async function customerFaq(browser: Browser, lang: 'en' | 'ar', id: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: test.info().project.use.viewport ?? null,
  });
  const page = await context.newPage();
  await skipIntro(page);
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  await page.goto(`/help/faq?entry=${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  return { page, close: () => context.close() };
}

test('a superadmin edits a FAQ entry in English and Arabic, and customers read each in their language', async ({
  page,
  request,
  browser,
}, info) => {
  const tag = uniqueName('');
  // The entry an operator comes to fix: published, English only so far.
  const made = await envelope<AdminContentDetail>(
    await request.post('/admin/api/contents', {
      headers: await backOfficeHeaders(request),
      data: {
        type: 4,
        topic: 'fees',
        published: true,
        translations: { en: { title: `Fees question ${tag}`, body: '<p>Old answer.</p>' } },
        reason: 'entry to be rewritten in the browser test',
      },
    }),
  );
  const en = { title: `How are fees shown? ${tag}`, body: 'Every fee is shown before you confirm.' };
  const ar = { title: `كيف تظهر الرسوم؟ ${tag}`, body: 'تظهر كل رسوم قبل أن تؤكد.' };

  await signInBackOffice(page);
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Content' })
    .click();
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  const row = page.getByTestId('content-row').filter({ hasText: `Fees question ${tag}` });
  await expect(row.getByText('10 missing')).toBeVisible();
  await row.getByRole('button', { name: `Edit “Fees question ${tag}”` }).click();
  // The tabs name each language in its own script, each in its own self-hosted Noto family: a machine
  // without Thai or CJK fonts draws them, not boxes.
  await expect(page.getByRole('tab')).toHaveCount(11);
  for (const family of ['Noto Sans Thai Variable', 'Noto Sans JP Variable', 'Noto Sans KR Variable']) {
    await expect.poll(() => familyLoaded(page, family), { message: family }).toBe(true);
  }

  // English: a new title, the answer rewritten in the rich text editor and set in bold from its toolbar.
  await page.getByLabel('Title (English)').fill(en.title);
  const enBody = page.getByRole('textbox', { name: 'Text (English)' });
  await enBody.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(en.body);
  await page.keyboard.press('ControlOrMeta+A');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(page.locator('.preview-sheet .prose strong')).toHaveText(en.body);

  // Arabic: missing so far, answered in English and marked; written right to left.
  const arTab = page.getByRole('tab', { name: /العربية/ });
  await arTab.click();
  await expect(page.getByRole('tabpanel')).toContainText(
    'No text in العربية yet. Its readers are shown the English text, marked as English.',
  );
  await expect(page.locator('.content-preview').getByText('Shown in English', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Write the text in العربية' }).click();
  const arTitle = page.getByLabel('Title (العربية)');
  await expect(arTitle).toHaveAttribute('dir', 'rtl');
  await arTitle.fill(ar.title);
  const arBody = page.getByRole('textbox', { name: 'Text (العربية)' });
  await expect(arBody).toHaveAttribute('dir', 'rtl');
  await arBody.click();
  await page.keyboard.type(ar.body);
  await expect(page.locator('.preview-sheet')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.preview-sheet .prose')).toHaveText(ar.body);
  // The page keeps its width on a phone: the tabs scroll within it, and nothing makes the browser zoom out.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  if (shots)
    await page.screenshot({
      path: path.join(shots, `content-editor-ar-${info.project.name}.png`),
      fullPage: true,
    });

  await page.getByLabel(/Reason for the change/).fill('clearer answer, now in Arabic too');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Operation successful');
  await expect(arTab).not.toContainText('⤷');

  // The customer site, in each language.
  for (const [lang, text] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    const customer = await customerFaq(browser, lang, made.id);
    const question = customer.page.getByRole('button', { name: text.title });
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(customer.page.getByRole('region', { name: text.title })).toHaveText(text.body);
    await customer.close();
  }
  // A language with no text of its own gets English, and the answer names it.
  const de = (await (
    await request.get('/api/swx/customer/index/listFaq', { headers: { 'accept-language': 'de' } })
  ).json()) as {
    result: FaqEntry[];
  };
  expect(de.result.find((e) => e.id === made.id)).toMatchObject({ title: en.title, locale: 'en' });
});
