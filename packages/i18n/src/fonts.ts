// Self-hosted Noto fonts, one family per language (issue 12), for both front ends: a device without CJK,
// Thai or Arabic fonts would otherwise draw boxes. Only the stylesheets of languages asked for are fetched
// (a dynamic import, so no font CSS sits in an initial chunk), and their @font-face rules are split by
// unicode-range, so the browser downloads only the subsets the page's text uses. The fontsource files say
// `font-display: swap`; fonts.css beside this file names the family per `:lang()` with metric-matched
// fallbacks. Imported by the front ends only: the server never loads a stylesheet.
import type { Locale } from './locales.ts';

const fontStylesheets: Record<Locale, () => Promise<unknown>> = {
  en: () => import('@fontsource-variable/noto-sans/wght.css'),
  de: () => import('@fontsource-variable/noto-sans/wght.css'),
  fr: () => import('@fontsource-variable/noto-sans/wght.css'),
  it: () => import('@fontsource-variable/noto-sans/wght.css'),
  es: () => import('@fontsource-variable/noto-sans/wght.css'),
  ja: () => import('@fontsource-variable/noto-sans-jp/wght.css'),
  ko: () => import('@fontsource-variable/noto-sans-kr/wght.css'),
  'zh-TW': () => import('@fontsource-variable/noto-sans-tc/wght.css'),
  'zh-CN': () => import('@fontsource-variable/noto-sans-sc/wght.css'),
  th: () => import('@fontsource-variable/noto-sans-thai/wght.css'),
  ar: () => import('@fontsource-variable/noto-sans-arabic/wght.css'),
};

/** Adds the language's font faces; a failed fetch leaves the fallback stack, never blocks the switch. */
export function loadLocaleFont(locale: Locale): void {
  void fontStylesheets[locale]().catch(() => undefined);
}
