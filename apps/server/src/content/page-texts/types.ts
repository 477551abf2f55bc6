// The company, policy and statement pages' seeded texts: one module per locale, keyed by the page's slug.
// A locale's module may cover only some pages; a page without its language is read in the fallback
// (content/locale-fallback.ts) until its translation is added here — seeding fills in what is missing.

/** Every seeded page, with the footer group it appears in (1 company, 2 policy, 3 statement). */
export const pageSlugs = {
  about: 1,
  terms: 2,
  privacy: 2,
  aml: 2,
  risk: 3,
  'simulated-data': 3,
} as const;
export type PageSlug = keyof typeof pageSlugs;

/** Title is plain text; body is simple HTML the sanitizer keeps. */
export type PageText = { title: string; body: string };
export type PageTexts = Partial<Record<PageSlug, PageText>>;
