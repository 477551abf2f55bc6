// The 11 interface languages, with the names each uses for itself (spec.md §1, DESIGN.md §6).
export const locales = ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th', 'zh-TW', 'zh-CN'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';
/** DESIGN.md §6: zh-CN is the fallback language for missing UI text. */
export const fallbackLocale: Locale = 'zh-CN';

export const nativeNames: Record<Locale, string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ar: 'العربية',
  th: 'ไทย',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
};

export const rtlLocales: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Picks the best supported locale from an Accept-Language header; English when none matches. */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return defaultLocale;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((w) => w.tag && !Number.isNaN(w.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = locales.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return /tw|hk|mo|hant/.test(lower) ? 'zh-TW' : 'zh-CN';
    const base = locales.find((l) => l === lower.split('-')[0]);
    if (base) return base;
  }
  return defaultLocale;
}

/** spec.md §2: the footer content list is requested with 1 for Chinese and 2 for any other language. */
export function contentListIdFor(locale: Locale): '1' | '2' {
  return locale === 'zh-CN' || locale === 'zh-TW' ? '1' : '2';
}

/** The customer app's catalogue files per locale: the shell's text and one namespace per later feature. */
export const webNamespaces = [
  'web',
  'market',
  'wallet',
  'trade',
  'loans',
  'nft',
  'invite',
  'help',
  'ledger',
  'security',
] as const;
export type WebNamespace = (typeof webNamespaces)[number];
