// The CI check on the seeded texts themselves: every FAQ entry, notice and company/policy/statement page the
// server seeds is written in all 11 languages, each topic has an entry, and every page is in one edition
// (version and effective date) across its languages: the seed replaces a stored text by version.
import { describe, expect, it } from 'vitest';
import { faqTopics } from '@tradewind/contract';
import { locales } from '@tradewind/i18n/locales';
import { helpItems, pageItems } from './seed.ts';
import { helpTexts } from './help-texts/index.ts';
import { pageTexts } from './page-texts/index.ts';
import { plainText, sanitizeHtml } from './sanitize.ts';
import { pageSlugs, type PageSlug } from './page-texts/types.ts';
import { isTextVersion } from './text-version.ts';

const help = helpItems(helpTexts);

describe('the seeded help centre texts', () => {
  it('has a module for each of the 11 languages', () => {
    expect(Object.keys(helpTexts).sort()).toEqual([...locales].sort());
  });

  it('gives every FAQ entry and notice a title and a body in all 11 languages', () => {
    const missing = help.flatMap((item) =>
      locales.flatMap((l) =>
        item.texts[l]?.title.trim() && item.texts[l]?.body.trim() ? [] : [`${item.slug} ${l}`],
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has at least 12 FAQ entries covering every topic, and at least 2 notices', () => {
    const faq = help.filter((i) => i.type === 4);
    expect(faq.length).toBeGreaterThanOrEqual(12);
    expect(new Set(faq.map((i) => i.topic))).toEqual(new Set(faqTopics));
    expect(help.filter((i) => i.type === 5).length).toBeGreaterThanOrEqual(2);
  });

  // What databases seeded with the first edition hold: the seed writes the help set once, so an entry added
  // since reaches them only through its addedIn (seed.ts), and one of these marked so would come back once
  // to a database whose operator deleted it.
  const firstEdition = [
    ...[
      'accounts:1',
      'demo:1',
      'demo:2',
      'deposits:1',
      'withdrawals:1',
      'kyc:1',
      'contracts:1',
      'contracts:2',
    ],
    ...['contracts:3', 'smart:1', 'smart:2', 'loans:1', 'nfts:1', 'invite:1', 'security:1', 'fees:1'],
  ].map((slug) => `faq:${slug}`);
  const firstNotices = ['notice:2026-11-20T09:00:00.000Z', 'notice:2026-11-04T09:00:00.000Z'];

  it('marks each entry added since the first edition, and only those, with the version that added it', () => {
    const first = new Set([...firstEdition, ...firstNotices]);
    const wrong = help.filter((item) => first.has(item.slug) === (item.addedIn !== undefined));
    expect(wrong.map((item) => item.slug)).toEqual([]);
  });

  it('writes bodies the sanitizer keeps whole (nothing a customer would miss is stripped)', () => {
    const stripped = help.flatMap((item) =>
      Object.entries(item.texts).flatMap(([l, text]) =>
        sanitizeHtml(text.body).replace(/\s/g, '') === text.body.replace(/\s/g, '')
          ? []
          : [`${item.slug} ${l}`],
      ),
    );
    expect(stripped).toEqual([]);
  });
});

describe('the seeded pages', () => {
  it('each is written in all 11 languages, with a title and a body the sanitizer keeps whole', () => {
    const items = pageItems(pageTexts);
    expect(items.map((p) => p.slug)).toEqual(Object.keys(pageSlugs));
    const missing = items.flatMap((item) =>
      locales.flatMap((l) => {
        const text = item.texts[l];
        if (!text?.title.trim() || !text.body.trim()) return [`${item.slug} ${l}: missing`];
        const whole = sanitizeHtml(text.body).replace(/\s/g, '') === text.body.replace(/\s/g, '');
        return whole ? [] : [`${item.slug} ${l}: stripped by the sanitizer`];
      }),
    );
    expect(missing).toEqual([]);
  });

  // A translation renders the same document: raising the version in one module only would leave the other
  // languages' stored texts at the old edition while they claim the new one, or the reverse.
  it('each has one version and effective date, the same in every locale that has it', () => {
    const differing = (Object.keys(pageSlugs) as PageSlug[]).flatMap((slug) => {
      const en = pageTexts.en?.[slug];
      return locales.flatMap((l) => {
        const text = pageTexts[l]?.[slug];
        if (!text || !en || (text.version === en.version && text.effectiveDate === en.effectiveDate))
          return [];
        return [`${slug} ${l}: ${text.version} ${text.effectiveDate}, en ${en.version} ${en.effectiveDate}`];
      });
    });
    expect(differing).toEqual([]);
  });

  it('gives every page a version the seed can compare and a real ISO effective date', () => {
    const bad = locales.flatMap((l) =>
      Object.entries(pageTexts[l] ?? {}).flatMap(([slug, text]) => {
        const date = /^\d{4}-\d{2}-\d{2}$/.test(text.effectiveDate)
          ? new Date(text.effectiveDate)
          : undefined;
        const realDate = date?.toISOString().slice(0, 10) === text.effectiveDate;
        return isTextVersion(text.version) && realDate ? [] : [`${slug} ${l}`];
      }),
    );
    expect(bad).toEqual([]);
  });
});

describe('every seeded title', () => {
  // Titles are plain text, stripped of markup on every read (service.ts): a seeded one must come out as written.
  it('is plain text that reads the same after the sanitizer', () => {
    const titles = [...help, ...pageItems(pageTexts)].flatMap((item) =>
      Object.entries(item.texts).map(([l, text]) => [`${item.slug} ${l}`, text.title] as const),
    );
    expect(titles.filter(([, title]) => plainText(title) !== title)).toEqual([]);
  });
});
