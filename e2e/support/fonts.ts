// What fonts a page fetched and loaded, for the tests that check each language is drawn in its own
// self-hosted Noto family (the customer app and the back office share packages/i18n/src/fonts.ts).
import type { Page } from '@playwright/test';

/** The URLs of the fonts the page requests from now on. */
export function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') urls.push(r.url());
  });
  return urls;
}

/** Whether a face of `family` has loaded (document.fonts lists every declared face with its status). */
export function familyLoaded(page: Page, family: string): Promise<boolean> {
  return page.evaluate(async (f) => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (face) => face.family.replace(/"/g, '') === f && face.status === 'loaded',
    );
  }, family);
}
