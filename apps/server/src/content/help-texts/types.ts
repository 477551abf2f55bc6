// The shape of the help centre's seeded texts: one module per locale (en.ts, ja.ts, …), the same entries in
// the same order in each, so entry i of every language is one FAQ item or notice in 11 translations.
import type { FaqTopic } from '@tradewind/contract';

/** The help centre's topics (the contract's list, which /help shows as cards). */
export { faqTopics, type FaqTopic } from '@tradewind/contract';

/** Title is plain text; body is simple HTML (<p>, <ul>/<ol>/<li>, <strong>, <em>) that the sanitizer keeps. */
export type HelpText = { title: string; body: string };

/**
 * In en.ts only (English decides the items): the `helpTextVersion` (content/seed.ts) that added an entry after
 * databases had been seeded, so that a database seeded before gets it once at its next start.
 */
type Added = { addedIn?: string };

export type HelpTexts = {
  /**
   * At least one entry per topic, in the same order in every locale. A new entry goes after its topic's last:
   * slugs number a topic's entries in order (`faq:loans:2`), so one put in front would take another's slug.
   */
  faq: Array<HelpText & Added & { topic: FaqTopic }>;
  /** Newest first; `publishedAt` is the same ISO date in every locale. */
  notices: Array<HelpText & Added & { publishedAt: string }>;
};
