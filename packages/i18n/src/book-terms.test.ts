// One name for each of the two books (DESIGN.md §1.4) per language (issue 23): English said "demo account"
// in some places and "demo book" in others, Korean mixed 데모/모의 and 계정/계좌/실계좌, German Echtkonto and
// Echtgeldkonto. Each language keeps one term, and the variants it dropped appear in no catalogue.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locales } from './locales.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

function strings(node: unknown, at: string, out: [string, string][]): [string, string][] {
  if (typeof node === 'string') out.push([at, node]);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) strings(v, at ? `${at}.${k}` : k, out);
  return out;
}

/** Per language: the term kept for each book, and the variants that must not come back. */
const terms: Partial<Record<(typeof locales)[number], { demo: string; real: string; dropped: RegExp }>> = {
  en: { demo: 'demo book', real: 'real book', dropped: /\b(demo|real)[ -]accounts?\b/i },
  ko: {
    demo: '모의 계좌',
    real: '실전 계좌',
    dropped: /데모 계[정좌]|모의 계정|실계[좌정]|실거래 계[정좌]|실제 계[정좌]|실전 계정/,
  },
  de: { demo: 'Demokonto', real: 'Echtgeldkonto', dropped: /Echtkont|echten? Kont|echtes Kont/ },
  it: { demo: 'conto demo', real: 'conto reale', dropped: /account demo|account reale/i },
};

function catalogue(locale: string): [string, string][] {
  const out: [string, string][] = [];
  for (const file of readdirSync(path.join(root, locale)).filter((f) => f.endsWith('.json'))) {
    const json: unknown = JSON.parse(readFileSync(path.join(root, locale, file), 'utf8'));
    for (const [key, text] of strings(json, '', [])) out.push([`${file} ${key}`, text]);
  }
  return out;
}

describe('book terms', () => {
  for (const [locale, term] of Object.entries(terms)) {
    it(`${locale} names the books "${term.demo}" and "${term.real}" only`, () => {
      const texts = catalogue(locale);
      const dropped = texts
        .filter(([, text]) => term.dropped.test(text))
        .map(([at, text]) => `${at}: ${text}`);
      expect(dropped).toEqual([]);
      // The kept terms are in use (the check is not passing on an empty catalogue).
      const all = texts.map(([, text]) => text.toLowerCase()).join('\n');
      expect(all).toContain(term.demo.toLowerCase());
      expect(all).toContain(term.real.toLowerCase());
    });
  }

  it('the demo reset dialog does not mention plans, which the demo book cannot hold', () => {
    const planWords: Record<string, RegExp> = {
      en: /plan/i,
      de: /Plän|Plan/,
      fr: /plan/i,
      es: /plan/i,
      it: /pian/i,
    };
    for (const [locale, word] of Object.entries(planWords)) {
      const text = catalogue(locale).find(([at]) => at === 'wallet.json balance.resetText')?.[1] ?? '';
      expect(text, locale).not.toBe('');
      expect(text, locale).not.toMatch(word);
    }
  });
});
