// A live source gone quiet (issue 21, DESIGN.md §1.10): the replay's recording of `endingPair` ends after its
// first tick, so once `price_stale_after_s` has passed its price is "stale". The screens say "Delayed" with
// the age beside the frozen number, and the real-book trade panel says trading is paused until prices are
// back. English and Arabic, desktop and 360 px (the projects).
import './data-dir.ts';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { backOfficeHeaders, envelope, signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors, isMobileProject } from '../web/support.ts';
import { endingPair } from './recording.ts';

const shots = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string, mobile: boolean): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${mobile ? 'mobile' : 'desktop'}.png` });
}

type Catalogue = { [key: string]: string | Catalogue };
/** The app's text `key` of `ns` in `lang`, its {{params}} filled in (isolated in Arabic, as the app does). */
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

/**
 * Ten seconds rather than the default 30: the pair goes stale sooner, while every other pair of the recording
 * (a tick every 5 s) stays live. Server-wide, so each project setting it again changes nothing.
 */
test.beforeAll(async ({ request }) => {
  const headers = await backOfficeHeaders(request);
  await envelope(
    await request.post('/admin/api/params/price_stale_after_s', {
      headers,
      data: { value: '10', reason: 'e2e: a replay that ends turns stale sooner' },
    }),
  );
});

for (const lang of ['en', 'ar'] as const) {
  test(`a live pair whose feed went quiet says Delayed; the real book pauses on it (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const mobile = isMobileProject(info);
    await signInBrowser(page, request, await signUp(request, `stale${lang}`));
    await page.addInitScript((lang) => {
      if (window.top !== window) return;
      localStorage.setItem('virtualStatus', '2');
      localStorage.setItem('lang', lang);
    }, lang);
    await page.goto(`/cruuency?code=${endingPair.code}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // Stale at most `price_stale_after_s` (and the 5-s parameter refresh) after the server started.
    const delayed = page.locator('.detail-price').getByTestId('delayed-label');
    await expect(delayed).toBeVisible({ timeout: 45_000 });
    const prefix = text(lang, 'market', 'common.delayedAge', { age: '' }).replace(/[\u2068\u2069]/g, '');
    await expect(delayed).toContainText(prefix.trim());
    await expect(page.locator('.detail-price').getByTestId('simulated-label')).toHaveCount(0);
    const paused = page.getByTestId('trade-real-paused');
    await expect(paused).toHaveAttribute('data-status', 'stale');
    await expect(paused.getByRole('status')).toHaveText(
      text(lang, 'trade', 'panel.pricesDelayed', { name: endingPair.appName }),
    );
    await expect(paused.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('trade-review')).toBeHidden();
    await shot(page, `price-status-stale-${lang}`, mobile);
    await paused.scrollIntoViewIfNeeded();
    await shot(page, `price-status-stale-panel-${lang}`, mobile);

    // What the screen says is what the server says of the instrument.
    const market = await envelope<{ priceStatus: string; priceAt?: number }>(
      await request.get(`/api/swx/customer/index/getMarketInfo/${endingPair.code}`),
    );
    expect(market.priceStatus).toBe('stale');
    expect(errors).toEqual([]);
  });
}
