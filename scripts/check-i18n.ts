// CI check for the locale catalogues (packages/i18n/locales/<locale>/<file>.json): every locale has exactly the
// English keys and {{placeholders}} and is really translated: no English left behind, the locale's own script
// for CJK, Thai and Arabic, and no Portuguese in Spanish (spec.md §1: an old Spanish catalogue had some).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { locales } from '../packages/i18n/src/locales.ts';

type Catalogue = Record<string, unknown>;

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales');
const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Brand names, legitimately the same in every language. Codes, URLs and digits are matched by pattern. */
const sameInEveryLanguage = new Set(['Tradewind', 'Google', 'USDT', 'OK']);

/**
 * Catalogues of proper names (instruments.json: currencies, metals, indices, coins): a name that a language
 * in the Latin script writes as English does ("Euro" and "Gold" in German, "Bitcoin" in Spanish) is its
 * name there, not text left untranslated. Every key is still required, and the other scripts' rule holds.
 */
const nameCatalogues = new Set(['instruments.json']);

/** A value with letters in these locales must contain at least one letter of the locale's script. */
const requiredScript: Partial<Record<string, RegExp>> = {
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  th: /\p{Script=Thai}/u,
  ar: /\p{Script=Arabic}/u,
  'zh-TW': /\p{Script=Han}/u,
  'zh-CN': /\p{Script=Han}/u,
};

/** Words and letters that Portuguese uses and Spanish never does ("ção", "ões" and "não" hit the letters). */
const portugueseWords = new Set(['não', 'você', 'é', 'também', 'obrigado', 'obrigada', 'com', 'em', 'senha']);
const portugueseLetters = /[ãõç]/iu;

/** Checks in-memory catalogues of one file, keyed by locale; `en` is the reference. Returns the problems. */
export function checkCatalogues(catalogues: Record<string, Catalogue>, file = 'server.json'): string[] {
  const en = catalogues.en;
  if (!en) return [`en/${file}: the English catalogue is missing`];
  const english = flatten(en);
  const problems = [...english]
    .filter(([, value]) => !isNonEmptyString(value))
    .map(([key]) => `en/${file} ${key}: must be a non-empty string`);
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    if (locale === 'en') continue;
    const found = checkLocale(locale, flatten(catalogue), english, nameCatalogues.has(file));
    problems.push(...found.map((problem) => `${locale}/${file} ${problem}`));
  }
  return problems;
}

function checkLocale(
  locale: string,
  values: Map<string, unknown>,
  english: Map<string, unknown>,
  names = false,
): string[] {
  const problems: string[] = [];
  for (const key of english.keys()) {
    if (!values.has(key)) problems.push(`${key}: missing key`);
  }
  for (const [key, value] of values) {
    const englishValue = english.get(key);
    if (englishValue === undefined) problems.push(`${key}: extra key, not in English`);
    else
      problems.push(...checkValue(locale, value, englishValue, names).map((problem) => `${key}: ${problem}`));
  }
  return problems;
}

function checkValue(locale: string, value: unknown, englishValue: unknown, names = false): string[] {
  if (!isNonEmptyString(value)) return ['must be a non-empty string'];
  if (typeof englishValue !== 'string') return []; // already reported against en
  const problems: string[] = [];
  const [wanted, got] = [placeholders(englishValue), placeholders(value)];
  if (wanted !== got) problems.push(`placeholders {${got}} differ from English {${wanted}}`);
  if (isLanguageNeutral(value)) return problems;
  const script = requiredScript[locale];
  const sharedName = names && !script;
  if (value === englishValue && !sharedName)
    return [...problems, `untranslated, same as English: "${value}"`];
  if (script && !script.test(value)) problems.push(`no ${locale} script in "${value}"`);
  const marker = locale === 'es' ? portugueseMarker(value) : undefined;
  if (marker) problems.push(`Portuguese "${marker}" in "${value}"`);
  return problems;
}

/** Nested objects become dotted paths; anything else (arrays included) is a value to check. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, child] of Object.entries(catalogue)) {
    if (!isObject(child)) flat.set(prefix + key, child);
    else for (const [childKey, value] of flatten(child, `${prefix}${key}.`)) flat.set(childKey, value);
  }
  return flat;
}

/** The distinct placeholder names, sorted, as one comparable string. */
function placeholders(value: string): string {
  const names = new Set([...value.matchAll(placeholderPattern)].map((match) => match[1] ?? ''));
  return [...names].sort().join(', ');
}

/** Brand names, codes (USDT, TRC20), URLs and text without letters read the same in every language. */
function isLanguageNeutral(value: string): boolean {
  const text = value.replace(placeholderPattern, '').trim();
  return (
    sameInEveryLanguage.has(text) ||
    /^[A-Z][A-Z0-9-]{1,11}$/.test(text) ||
    /^https?:\/\/\S+$/.test(text) ||
    !/\p{L}/u.test(text)
  );
}

function portugueseMarker(value: string): string | undefined {
  const letter = portugueseLetters.exec(value)?.[0];
  const words = value.toLowerCase().match(/\p{L}+/gu) ?? [];
  return letter ?? words.find((word) => portugueseWords.has(word));
}

function isObject(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Reads one file for every locale; a missing or unparseable file is a problem and is left out. */
function loadCatalogues(file: string): { catalogues: Record<string, Catalogue>; problems: string[] } {
  const catalogues: Record<string, Catalogue> = {};
  const problems: string[] = [];
  for (const locale of locales) {
    const filePath = path.join(localesDir, locale, file);
    if (!existsSync(filePath)) {
      problems.push(`${locale}/${file}: file is missing`);
      continue;
    }
    try {
      const parsed: unknown = JSON.parse(readFileSync(filePath, 'utf8'));
      if (isObject(parsed)) catalogues[locale] = parsed;
      else problems.push(`${locale}/${file}: is not a JSON object`);
    } catch (error) {
      problems.push(`${locale}/${file}: does not parse: ${error instanceof Error ? error.message : error}`);
    }
  }
  return { catalogues, problems };
}

function main(): number {
  const files = readdirSync(path.join(localesDir, 'en'))
    .filter((name) => name.endsWith('.json'))
    .sort();
  const problems = files.flatMap((file) => {
    const loaded = loadCatalogues(file);
    return [...loaded.problems, ...checkCatalogues(loaded.catalogues, file)];
  });
  if (problems.length > 0) {
    console.error(`i18n check: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  console.log(`i18n check: ${files.join(', ')} complete and translated in all ${locales.length} locales`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
