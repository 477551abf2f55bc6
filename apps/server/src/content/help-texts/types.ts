// The shape of the help centre's seeded texts: one module per locale (en.ts, ja.ts, …), the same entries in
// the same order in each, so entry i of every language is one FAQ item or notice in 11 translations.

/** The help centre's topics; every FAQ entry belongs to one, and /help groups and filters by them. */
export const faqTopics = [
  'accounts',
  'demo',
  'deposits',
  'withdrawals',
  'kyc',
  'contracts',
  'smart',
  'loans',
  'nfts',
  'invite',
  'security',
  'fees',
] as const;
export type FaqTopic = (typeof faqTopics)[number];

/** Title is plain text; body is simple HTML (<p>, <ul>/<ol>/<li>, <strong>, <em>) that the sanitizer keeps. */
export type HelpText = { title: string; body: string };

export type HelpTexts = {
  /** At least one entry per topic, in the same order in every locale. */
  faq: Array<HelpText & { topic: FaqTopic }>;
  /** Newest first; `publishedAt` is the same ISO date in every locale. */
  notices: Array<HelpText & { publishedAt: string }>;
};
