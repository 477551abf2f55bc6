// Server-side message lookup in the request's language, from packages/i18n.
import { serverCatalogues } from '@tradewind/i18n/server';
import { negotiateLocale, type Locale } from '@tradewind/i18n/locales';
import type { Code } from '@tradewind/contract';
import type { MessageParams } from './errors.ts';

export { negotiateLocale, type Locale };

function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function messageFor(code: Code, locale: Locale, params: MessageParams = {}): string {
  const codes: Record<string, string> = serverCatalogues[locale].codes;
  const fallback: Record<string, string> = serverCatalogues.en.codes;
  return interpolate(codes[code] ?? fallback[code] ?? fallback['500'] ?? 'Unknown error', params);
}

/** `key` is either a catalogue code ("10003") or a key under `fields` ("required"). */
export function fieldMessage(key: string, locale: Locale, params: MessageParams = {}): string {
  if (/^\d+$/.test(key)) return messageFor(key as Code, locale, params);
  const fields: Record<string, string> = serverCatalogues[locale].fields;
  return interpolate(fields[key] ?? fields.invalid ?? key, params);
}

export function mailText(
  locale: Locale,
  key: keyof (typeof serverCatalogues)['en']['mail'],
  params: MessageParams,
): string {
  return interpolate(serverCatalogues[locale].mail[key], params);
}
