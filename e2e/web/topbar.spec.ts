// The top bar in every language: at 360 px nothing in the mobile bar overflows or is cut (the title wraps, the
// Log in button keeps its whole word), Japanese/Korean/Chinese tab labels break between words only, and the
// Demo/Real switch is on every account page (issue 12). Screenshots of the bar go to SHOTS_DIR when set.
import { expect, test, type Page } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { goInApp, isMobileProject, skipIntro, titleProblems } from './support.ts';

const locales = ['en', 'de', 'th', 'ja', 'ko', 'fr', 'it', 'es', 'ar', 'zh-TW', 'zh-CN'] as const;
const shotLocales = new Set(['en', 'de', 'th', 'ja', 'ar']);
const shotsDir = process.env.SHOTS_DIR;

/** Saves the language for the next page load, once the current page has finished starting (it saves its own). */
async function useLanguage(page: Page, lang: string): Promise<void> {
  await expect(page.locator('.m-topbar, .topbar').first()).toBeVisible();
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
}

/** Elements of the mobile top bar wider than their box, or reaching outside the viewport. */
async function topBarProblems(page: Page): Promise<string[]> {
  return page.locator('.m-topbar').evaluate((bar) => {
    const problems: string[] = [];
    // Measured against the bar itself: a page wider than the screen scrolls the bar along with it.
    const { left, right } = bar.getBoundingClientRect();
    if (right - left > document.documentElement.clientWidth + 1)
      problems.push('the bar is wider than the screen');
    for (const el of [bar, ...bar.querySelectorAll<HTMLElement>('*')]) {
      // The compact language chip's native select is invisible and sized by the chip, not by its options;
      // visually hidden labels are clipped to nothing on purpose.
      if (!(el instanceof HTMLElement) || el.tagName === 'SELECT' || el.tagName === 'OPTION') continue;
      if (el.closest('.visually-hidden')) continue;
      const box = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim()}"`;
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${name} overflows (${el.scrollWidth} > ${el.clientWidth})`);
      if (box.width > 0 && (box.left < left - 1 || box.right > right + 1))
        problems.push(`${name} outside the bar (${box.left}–${box.right})`);
      if (getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth)
        problems.push(`${name} is cut with an ellipsis`);
    }
    return problems;
  });
}

async function waitForBar(page: Page): Promise<void> {
  await expect(page.locator('.m-topbar')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

test('the mobile top bar fits every language at 360 px, signed out', async ({ page }, info) => {
  test.skip(!isMobileProject(info), 'the mobile bar');
  test.setTimeout(240_000);
  await skipIntro(page);
  await page.goto('/');
  const paths = [
    ['home', '/'],
    ['detail', '/cruuency?code=BTCUSDT'],
    ['profile', '/profile'],
    ['help', '/help'],
    ['market', '/market'],
  ] as const;
  for (const lang of locales) {
    // One load per language (the app reads it at start); each page is then reached inside the app.
    await useLanguage(page, lang);
    await page.goto('/');
    for (const [name, path] of paths) {
      await goInApp(page, path);
      await waitForBar(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (path.startsWith('/cruuency')) await expect(page.locator('.m-title')).toBeVisible();
      expect(await topBarProblems(page), `${lang} ${path}`).toEqual([]);
      const login = page.locator('.m-tools a[href^="/pass/login"]');
      await expect(login).toBeVisible();
      const clipped = await login.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(clipped, `${lang} ${path}: Log in clipped`).toBe(false);
      if (shotsDir && shotLocales.has(lang) && name !== 'help')
        await page.locator('.m-topbar').screenshot({ path: `${shotsDir}/${name}-${lang}-signed-out.png` });
    }
  }
});

test('signed in, every account page offers the Demo/Real switch and the bar still fits', async ({
  page,
  request,
}, info) => {
  test.setTimeout(480_000);
  const customer = await signUp(request, 'topbar_');
  await signInBrowser(page, request, customer);
  await page.goto('/');
  // Every account page: the bar is at its fullest there (back, title, book chip, bell, support).
  const accountPages = [
    '/profile',
    '/profile/balance',
    '/profile/recharge',
    '/profile/withdraw',
    '/profile/invite',
    '/profile/notification',
    '/profile/records',
    '/profile/verification',
    '/profile/orders',
    '/profile/password',
  ];
  const titles: string[] = [];
  const langs = isMobileProject(info) ? locales : (['en', 'de', 'ar'] as const);
  for (const lang of langs) {
    await useLanguage(page, lang);
    await page.goto('/');
    for (const path of [...accountPages, '/market', '/cruuency?code=BTCUSDT']) {
      await goInApp(page, path);
      if (isMobileProject(info)) {
        await waitForBar(page);
        expect(await topBarProblems(page), `${lang} ${path}`).toEqual([]);
        for (const problem of await titleProblems(page)) titles.push(`${lang} ${path}: ${problem}`);
        if (path.startsWith('/profile')) await expect(page.locator('.m-topbar .book-chip')).toBeVisible();
      } else {
        await expect(page.locator('.topbar .book-switch')).toBeVisible();
      }
    }
    if (shotsDir && isMobileProject(info) && shotLocales.has(lang)) {
      for (const [name, path] of [
        ['home', '/'],
        ['market', '/market'],
        ['detail', '/cruuency?code=BTCUSDT'],
        ['profile', '/profile'],
        ['records', '/profile/records'],
      ] as const) {
        await page.goto(path);
        await waitForBar(page);
        await page.locator('.m-topbar').screenshot({ path: `${shotsDir}/${name}-${lang}-signed-in.png` });
      }
    }
  }
  expect(titles).toEqual([]);
  // The chip switches the book from an account sub-page.
  await useLanguage(page, 'en');
  await page.goto('/profile/records');
  const chip = isMobileProject(info)
    ? page.locator('.m-topbar .book-chip')
    : page.locator('.topbar .book-switch').getByRole('button', { name: 'Real' });
  await chip.click();
  await expect(page.getByText('Switched to the real book')).toBeVisible();
});

/** The lines a label is laid out in, read from where each character lands. */
async function linesOf(page: Page, selector: string): Promise<string[][]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const lines: { top: number; chars: string }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const value = text.textContent ?? '';
        for (let i = 0; i < value.length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          const last = lines.at(-1);
          if (last && Math.abs(last.top - top) < 4) last.chars += value[i];
          else lines.push({ top, chars: value[i] ?? '' });
        }
      }
      return lines.map((l) => l.chars.trim()).filter(Boolean);
    }),
  );
}

test('Japanese, Korean and Chinese tab labels break between words only', async ({ page }, info) => {
  test.skip(!isMobileProject(info), 'the mobile tab bar');
  await skipIntro(page);
  await page.goto('/');
  // Each label's words; a line must be a run of whole words.
  const words: Record<string, string[][]> = {
    ja: [['ホーム'], ['マーケット'], ['スマート', '取引'], ['ローン'], ['NFT'], ['アカウント']],
    ko: [['홈'], ['마켓'], ['스마트', '트레이딩'], ['대출'], ['NFT'], ['계정']],
    'zh-CN': [['首页'], ['行情'], ['智能', '交易'], ['借贷'], ['NFT'], ['账户']],
  };
  for (const [lang, labels] of Object.entries(words)) {
    await useLanguage(page, lang);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.evaluate(() => document.fonts.ready);
    const lines = await linesOf(page, '.tabbar-item span');
    lines.forEach((labelLines, i) => {
      const labelWords = labels[i] ?? [];
      for (const line of labelLines) {
        const ok = labelWords.some((_, from) =>
          labelWords.some(
            (__, to) =>
              to >= from &&
              labelWords
                .slice(from, to + 1)
                .join('')
                .replace(/ /g, '') === line.replace(/ /g, ''),
          ),
        );
        expect(ok, `${lang} tab ${i}: line "${line}" of ${JSON.stringify(labelLines)}`).toBe(true);
      }
    });
    if (shotsDir && lang === 'ja')
      await page.locator('.tabbar').screenshot({ path: `${shotsDir}/tabbar-ja.png` });
  }
});
