// Help texts for tests of the seed and the routes, independent of the real texts' wording: one FAQ entry per
// topic and two notices, in every locale, each text naming its locale.
import { faqTopics } from '@tradewind/contract';
import { locales, type Locale } from '@tradewind/i18n/locales';
import type { HelpTexts } from './help-texts/types.ts';

export const fixtureNoticeDates = ['2026-11-20', '2026-10-01'] as const;

export function fixtureHelpTexts(only: readonly Locale[] = locales): Partial<Record<Locale, HelpTexts>> {
  return Object.fromEntries(
    only.map((locale) => [
      locale,
      {
        faq: faqTopics.map((topic) => ({
          topic,
          title: `${locale} question about ${topic}`,
          body: `<p>${locale} answer about ${topic}, with the word zephyr-${topic}.</p>`,
        })),
        notices: fixtureNoticeDates.map((publishedAt) => ({
          publishedAt,
          title: `${locale} notice of ${publishedAt}`,
          body: `<p>${locale} notice body ${publishedAt}</p>`,
        })),
      },
    ]),
  );
}

/**
 * The fixtures as a later edition of them: a second loans entry after the first and a newer notice, both
 * marked as added in `edition`, so a database seeded with the plain fixtures stands for one seeded before.
 */
export function fixtureHelpAdditions(edition: string): Partial<Record<Locale, HelpTexts>> {
  return Object.fromEntries(
    Object.entries(fixtureHelpTexts()).map(([locale, texts]) => {
      const at = texts.faq.findIndex((entry) => entry.topic === 'loans') + 1;
      const added = { addedIn: edition, title: `${locale} added question`, body: `<p>${locale} added</p>` };
      const notice = { ...added, publishedAt: '2026-11-28', title: `${locale} added notice` };
      const faq = [...texts.faq.slice(0, at), { ...added, topic: 'loans' as const }, ...texts.faq.slice(at)];
      return [locale, { faq, notices: [notice, ...texts.notices] }];
    }),
  );
}
