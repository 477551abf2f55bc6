// Self-hosted Noto fonts, one family per interface language (issue 12): a device without CJK, Thai or
// Arabic fonts would otherwise draw boxes. Only the current language's stylesheet is fetched (a dynamic
// import, so no font CSS sits in the initial chunk), and its @font-face rules are split by unicode-range,
// so the browser downloads only the subsets the page's text uses. The fontsource files say
// `font-display: swap`; styles/app.css names the family per `:lang()` with metric-matched fallbacks.
import type { Locale } from '@tradewind/i18n';

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
