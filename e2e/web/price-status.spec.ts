// Price status on the default server (issue 21, DESIGN.md §1.10): the walk prices every instrument, so the
// real book offers no contract. The real-book trade panel says why instead of the form, with "Practise in
// demo", which switches to the demo book where the form is offered; home and the market list say the
// category's prices are simulated and demo only. English and Arabic, desktop and 360 px (the projects).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors, isMobileProject } from './support.ts';

type Catalogue = { [key: string]: string | Catalogue };
/**
 * The customer app's text `key` ("panel.practiseDemo") of `ns` in `lang`, with its {{params}} filled in, each
 * isolated (FSI … PDI) in Arabic as the app does, so a Latin name keeps its own direction.
 */
function text(lang: string, ns: string, key: string, params: Record<string, string> = {}): string {
  let node: string | Catalogue = JSON.parse(
    readFileSync(`packages/i18n/locales/${lang}/${ns}.json`, 'utf8'),
  ) as Catalogue;
  for (const part of key.split('.')) node = typeof node === 'string' ? node : (node[part] ?? '');
  if (typeof node !== 'string') throw new Error(`no text ${ns}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    lang === 'ar' ? `\u2068${params[name] ?? ''}\u2069` : (params[name] ?? ''),
  );
}

const shots = process.env.E2E_SHOTS_DIR;
const code = 'BTCUSDT';

async function shot(page: Page, name: string, mobile: boolean): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${mobile ? 'mobile' : 'desktop'}.png` });
}

const texts = {
  en: {
    reason: 'Real trading on BTC/USDT needs a live price; prices here are simulated.',
    demo: 'Practise in demo',
    demoOnly:
      'Simulated prices — demo only. They come from a simulation, not from an exchange, and the real book does not trade on them.',
  },
  ar: {
    reason: text('ar', 'trade', 'panel.liveRequired', { name: 'BTC/USDT' }),
    demo: text('ar', 'trade', 'panel.practiseDemo'),
    demoOnly: text('ar', 'market', 'common.simulatedDemoOnly'),
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`real book on a simulated price (${lang}): the panel says why and "Practise in demo" opens the form`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const mobile = isMobileProject(info);
    const t = texts[lang];
    await signInBrowser(page, request, await signUp(request, `pstat${lang}`));
    await page.addInitScript((lang) => {
      if (window.top !== window || localStorage.getItem('virtualStatus')) return;
      localStorage.setItem('virtualStatus', '2');
      localStorage.setItem('lang', lang);
    }, lang);
    const buying: string[] = [];
    page.on('request', (r) => r.url().includes('/order/buyOptions') && buying.push(r.url()));

    await page.goto(`/cruuency?code=${code}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const panel = page.getByTestId('trade-panel');
    const paused = panel.getByTestId('trade-real-paused');
    await expect(paused).toHaveAttribute('data-status', 'simulated');
    await expect(paused.getByRole('status')).toHaveText(t.reason);
    // No form to fill: nothing of it is on screen in the real book.
    await expect(panel.getByTestId('trade-review')).toBeHidden();
    await expect(panel.locator('[data-direction="up"]')).toBeHidden();
    // The price says it is simulated, beside it.
    await expect(page.locator('.detail-price').getByTestId('simulated-label')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await paused.scrollIntoViewIfNeeded();
    await shot(page, `price-status-real-${lang}`, mobile);

    await paused.getByRole('button', { name: t.demo }).click();
    await expect(paused).toBeHidden();
    await expect(panel.getByTestId('trade-review')).toBeVisible();
    await expect(panel.locator('[data-direction="up"]')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('virtualStatus'))).toBe('1');
    // The demo book trades on the walk: the confirm step opens and names the demo book.
    await panel.locator('[data-direction="up"]').click();
    await panel.getByTestId('trade-review').click();
    const confirm = page.getByTestId('trade-confirm');
    await expect(confirm.getByTestId('confirm-book')).toHaveAttribute('data-book', 'demo');
    await expect(confirm.getByTestId('confirm-close-out')).toBeVisible();
    await shot(page, `price-status-demo-${lang}`, mobile);
    expect(buying).toEqual([]);
    expect(errors).toEqual([]);
  });

  test(`home and market list say the category's prices are simulated, demo only (${lang})`, async ({
    page,
  }, info) => {
    const errors = capturePageErrors(page);
    await page.addInitScript((lang) => {
      if (window.top !== window) return;
      localStorage.setItem('introSeen', 'true');
      localStorage.setItem('lang', lang);
    }, lang);
    await page.goto('/');
    const home = page.getByTestId('home-markets');
    // The first list of a fresh page can take a while on a busy machine.
    await expect(home.getByTestId('market-row').first()).toBeVisible({ timeout: 30_000 });
    const note = home.getByTestId('simulated-note');
    await expect(note).toHaveAttribute('data-prices', 'simulated');
    await expect(note.locator('.muted')).toHaveText(texts[lang].demoOnly);
    await expect(home.getByTestId('live-note')).toHaveCount(0);
    await note.scrollIntoViewIfNeeded();
    await shot(page, `price-status-home-${lang}`, isMobileProject(info));
    await page.goto('/market?type=1');
    await expect(page.getByTestId('simulated-note').locator('.muted')).toHaveText(texts[lang].demoOnly);
    expect(errors).toEqual([]);
  });
}
