// What the security specs share: the app's texts as the page shows them, and review screenshots.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * The app's text at `key` (dotted) in `lang`'s web and security catalogues (their top-level keys differ): the
 * names the page shows.
 */
export function textOf(lang: string): (key: string) => string {
  const read = (ns: string): object =>
    JSON.parse(readFileSync(`packages/i18n/locales/${lang}/${ns}.json`, 'utf8')) as object;
  const catalogue: unknown = { ...read('web'), ...read('security') };
  return (key) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return found;
  };
}

const shotsDir = process.env.E2E_SHOTS_DIR;

/** A review screenshot when E2E_SHOTS_DIR is set. */
export async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}
