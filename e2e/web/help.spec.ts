// The help centre in English and Arabic, desktop and mobile: the FAQ search finds an entry and opens its
// answer, the notices list opens a notice, and the home notice bar shows the newest notice.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ContentItem, FaqEntry } from '@tradewind/contract';
import { capturePageErrors, skipIntro } from './support.ts';

const index = '/api/swx/customer/index';
const labels = {
  en: { search: 'Search the help centre' },
  ar: { search: 'ابحث في مركز المساعدة' },
} as const;
type Lang = keyof typeof labels;

async function get<T>(request: APIRequestContext, url: string, lang: Lang): Promise<T> {
  const res = await request.get(url, { headers: { 'accept-language': lang } });
  return ((await res.json()) as { result: T }).result;
}

async function openIn(page: Page, lang: Lang, path: string) {
  await skipIntro(page);
  await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`in ${lang}`, () => {
    test('the FAQ search finds an entry by a word of its answer and opens it', async ({ page, request }) => {
      const errors = capturePageErrors(page);
      const faq = await get<FaqEntry[]>(request, `${index}/listFaq`, lang);
      const entry = faq.find((e) => e.topic === 'withdrawals') ?? faq[0];
      if (!entry) throw new Error('no FAQ seeded');
      expect(entry.locale).toBe(lang);
      // The longest word of the question: specific enough to find this entry among a few.
      const word = entry.title.split(/[\s،,.?؟:()]+/u).reduce((a, b) => (b.length > a.length ? b : a), '');
      await openIn(page, lang, '/help');
      await page.getByLabel(labels[lang].search).fill(word);
      const result = page.locator('.help-result').filter({ hasText: entry.title });
      await expect(result).toBeVisible();
      await expect(result.locator('mark').first()).toBeVisible();
      await result.click();
      await expect(page).toHaveURL(new RegExp(`/help/faq\\?entry=${entry.id}$`));
      const question = page.getByRole('button', { name: entry.title });
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      const answer = page.getByRole('region', { name: entry.title });
      await expect(answer).toBeVisible();
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'false');
      await expect(answer).toBeHidden();
      expect(errors).toEqual([]);
    });

    test('a search that matches nothing says so and offers support', async ({ page }) => {
      await openIn(page, lang, '/help');
      await page.getByLabel(labels[lang].search).fill('zzqxv');
      await expect(page.locator('.help-results .empty')).toBeVisible();
      await expect(page.locator('.help-results a[href="/help/support"]')).toBeVisible();
    });

    test('the notices list gives the newest first and opens a notice', async ({ page, request }) => {
      const list = await get<ContentItem[]>(request, `${index}/listContents/2`, lang);
      const notices = list.filter((i) => i.type === 5);
      expect(notices.length).toBeGreaterThanOrEqual(2);
      await openIn(page, lang, '/help/notice');
      const rows = page.locator('.notice-row-title');
      await expect(rows).toHaveText(notices.map((n) => n.title));
      await rows.first().click();
      await expect(page).toHaveURL(new RegExp(`/detail\\?id=${notices[0]?.id ?? ''}&`));
      await expect(page.locator('article .prose')).not.toBeEmpty();
    });

    test('the home notice bar shows the newest notice', async ({ page, request }) => {
      const list = await get<ContentItem[]>(request, `${index}/listContents/2`, lang);
      const newest = list.find((i) => i.type === 5);
      await openIn(page, lang, '/');
      await expect(page.getByTestId('notice-bar')).toContainText(newest?.title ?? 'missing');
    });
  });
}
