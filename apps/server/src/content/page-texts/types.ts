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

/**
 * Title is plain text; body is simple HTML the sanitizer keeps. `version` ('1.0') and `effectiveDate` (ISO
 * date, '2026-12-01') are the same in every locale: a translation renders the same document, and its body
 * opens with that line in its own language ("Version 1.0 · Effective 1 December 2026").
 */
export type PageText = { title: string; body: string; version: string; effectiveDate: string };
export type PageTexts = Partial<Record<PageSlug, PageText>>;
