// First-start content: the company, policy and statement pages, and the help centre's FAQ and notices, from
// the per-locale text modules. Each set is written once per database (recorded in `content_seeds`), so an
// operator's later edits and deletions are kept; a set new to a database (the help centre on a database from
// before migration 0017) is written at its next start. On every start, a seeded item that lacks a language
// its texts now have gets that translation, so adding a locale's texts is all a new translation needs.
// No contact page: an address or chat that is not really there must not reach a customer.
import { inArray } from 'drizzle-orm';
import { locales, type Locale } from '@tradewind/i18n/locales';
import type { Db, DbOrTx } from '../platform/db.ts';
import { contents, contentSeeds, contentTranslations } from './tables.ts';
import { pageTexts } from './page-texts/index.ts';
import { pageSlugs, type PageSlug, type PageTexts } from './page-texts/types.ts';
import { helpTexts } from './help-texts/index.ts';
import type { HelpText, HelpTexts } from './help-texts/types.ts';

export type SeedItem = {
  slug: string;
  type: number;
  sort: number;
  topic?: string;
  publishedAt?: Date;
  texts: Partial<Record<Locale, HelpText>>;
};

export type ContentTexts = {
  pages: Partial<Record<Locale, PageTexts>>;
  help: Partial<Record<Locale, HelpTexts>>;
};

/** The pages with an English text (the fallback every language can read), in footer order. */
export function pageItems(texts: ContentTexts['pages']): SeedItem[] {
  return (Object.keys(pageSlugs) as PageSlug[]).flatMap((slug, sort) => {
    const perLocale = locales.flatMap((l) => {
      const text = texts[l]?.[slug];
      return text ? [[l, text] as const] : [];
    });
    if (!perLocale.some(([l]) => l === 'en')) return [];
    return [{ slug, type: pageSlugs[slug], sort, texts: Object.fromEntries(perLocale) }];
  });
}

/**
 * FAQ entries and notices, entry i of every locale being one item. English decides the items; another
 * locale's entry i must be about the same topic or date, else its module is out of step (a programmer error).
 */
export function helpItems(texts: ContentTexts['help']): SeedItem[] {
  const en = texts.en;
  if (!en) return [];
  const seen = new Map<string, number>();
  const faq = en.faq.map((entry, i): SeedItem => {
    const n = (seen.get(entry.topic) ?? 0) + 1;
    seen.set(entry.topic, n);
    return {
      slug: `faq:${entry.topic}:${n}`,
      type: 4,
      sort: i,
      topic: entry.topic,
      texts: translationsAt(
        texts,
        (t) => t.faq[i],
        (other) => other.topic === entry.topic,
      ),
    };
  });
  const notices = en.notices.map((notice, i): SeedItem => {
    const publishedAt = new Date(notice.publishedAt);
    if (Number.isNaN(publishedAt.getTime())) throw new Error(`notice ${i}: bad publishedAt`);
    return {
      slug: `notice:${notice.publishedAt}`,
      type: 5,
      sort: i,
      publishedAt,
      texts: translationsAt(
        texts,
        (t) => t.notices[i],
        (o) => o.publishedAt === notice.publishedAt,
      ),
    };
  });
  return [...faq, ...notices];
}

function translationsAt<E extends HelpText>(
  texts: ContentTexts['help'],
  entryOf: (t: HelpTexts) => E | undefined,
  sameItem: (entry: E) => boolean,
): Partial<Record<Locale, HelpText>> {
  const out: Partial<Record<Locale, HelpText>> = {};
  for (const locale of locales) {
    const module = texts[locale];
    if (!module) continue;
    const entry = entryOf(module);
    if (!entry || !sameItem(entry)) throw new Error(`help-texts/${locale}.ts is out of step with en.ts`);
    out[locale] = { title: entry.title, body: entry.body };
  }
  return out;
}

const translationRows = (id: number, item: SeedItem, now: Date) =>
  Object.entries(item.texts).map(([locale, text]) => ({
    contentId: id,
    locale,
    title: text.title,
    body: text.body,
    updatedAt: now,
  }));

/** Writes a set's items unless this database has had the set; claiming the name first makes it once only. */
async function seedSet(db: Db, name: string, items: SeedItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(contentSeeds)
      .values({ name, seededAt: now })
      .onConflictDoNothing()
      .returning({ name: contentSeeds.name });
    if (claimed.length === 0) return;
    for (const item of items) {
      const [row] = await tx
        .insert(contents)
        .values({
          slug: item.slug,
          type: item.type,
          sort: item.sort,
          topic: item.topic ?? null,
          publishedAt: item.publishedAt ?? null,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: contents.id });
      if (row) await tx.insert(contentTranslations).values(translationRows(row.id, item, now));
    }
  });
}

/** Adds the languages seeded items lack; a text already there (perhaps edited) is never overwritten. */
async function fillTranslations(db: DbOrTx, items: SeedItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const bySlug = new Map(items.map((item) => [item.slug, item]));
  const existing = await db
    .select({ id: contents.id, slug: contents.slug })
    .from(contents)
    .where(inArray(contents.slug, [...bySlug.keys()]));
  const rows = existing.flatMap(({ id, slug }) => {
    const item = slug === null ? undefined : bySlug.get(slug);
    return item ? translationRows(id, item, now) : [];
  });
  if (rows.length === 0) return;
  await db
    .insert(contentTranslations)
    .values(rows)
    .onConflictDoNothing({ target: [contentTranslations.contentId, contentTranslations.locale] });
}

export async function seedContent(
  db: Db,
  now: Date,
  texts: ContentTexts = { pages: pageTexts, help: helpTexts },
): Promise<void> {
  const pages = pageItems(texts.pages);
  const help = helpItems(texts.help);
  await seedSet(db, 'pages', pages, now);
  await seedSet(db, 'help', help, now);
  await fillTranslations(db, [...pages, ...help], now);
}
