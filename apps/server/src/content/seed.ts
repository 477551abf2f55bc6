// First-start content: the company, policy and statement pages, and the help centre's FAQ and notices, from
// the per-locale text modules. Each set is written once per database (recorded in `content_seeds`), so an
// operator's later edits and deletions are kept; a set new to a database (the help centre on a database from
// before migration 0017) is written at its next start. On every start, a seeded item that lacks a language
// its texts now have gets that translation, so adding a locale's texts is all a new translation needs, and a
// seeded text older than its module's version is replaced by the module's (a legal page going from 1.0 to
// 1.1 must reach databases that started before), unless a person has edited it in the back office (the text's
// seed_version null, the item's edited_at set: the seed then leaves every language of that item alone). A FAQ
// entry or notice a later edition of the help texts adds (`addedIn`) reaches those databases once too.
// No contact page: an address or chat that is not really there must not reach a customer.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { locales, type Locale } from '@tradewind/i18n/locales';
import type { Db, DbOrTx, Tx } from '../platform/db.ts';
import { contents, contentSeeds, contentTranslations } from './tables.ts';
import { pageTexts } from './page-texts/index.ts';
import { pageSlugs, type PageSlug, type PageTexts } from './page-texts/types.ts';
import { helpTexts } from './help-texts/index.ts';
import type { HelpText, HelpTexts } from './help-texts/types.ts';
import { compareTextVersions, isTextVersion } from './text-version.ts';

/** A seeded title and body with the version of the text, which decides whether a stored copy is stale. */
export type SeedText = HelpText & { version: string };

export type SeedItem = {
  slug: string;
  type: number;
  sort: number;
  topic?: string;
  publishedAt?: Date;
  /** The `helpTextVersion` that added the item to databases seeded before it (seedAdditions). */
  addedIn?: string;
  texts: Partial<Record<Locale, SeedText>>;
};

/**
 * The version of every FAQ entry and notice, the same in every locale: raise it with a change of their wording
 * that must reach databases already seeded (each seeded text of an older version is then replaced; one whose
 * words did not change keeps its updated_at). 1.1: issue 24's loan terms and smart plans.
 */
export const helpTextVersion = '1.1';

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
    const seedTexts = perLocale.map(([l, { title, body, version }]) => {
      if (!isTextVersion(version)) throw new Error(`page-texts/${l}.ts: ${slug} has version ${version}`);
      return [l, { title, body, version }] as const;
    });
    return [{ slug, type: pageSlugs[slug], sort, texts: Object.fromEntries(seedTexts) }];
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
      addedIn: addedIn(entry, `faq ${i}`),
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
      addedIn: addedIn(notice, `notice ${i}`),
      texts: translationsAt(
        texts,
        (t) => t.notices[i],
        (o) => o.publishedAt === notice.publishedAt,
      ),
    };
  });
  return [...faq, ...notices];
}

/** An entry's `addedIn`, checked: a version the seed compares, and not one the texts have not reached. */
function addedIn(entry: { addedIn?: string }, where: string): string | undefined {
  const version = entry.addedIn;
  if (version === undefined) return undefined;
  if (!isTextVersion(version) || compareTextVersions(version, helpTextVersion) > 0)
    throw new Error(`help-texts/en.ts ${where}: addedIn ${version}, texts at ${helpTextVersion}`);
  return version;
}

function translationsAt<E extends HelpText>(
  texts: ContentTexts['help'],
  entryOf: (t: HelpTexts) => E | undefined,
  sameItem: (entry: E) => boolean,
): Partial<Record<Locale, SeedText>> {
  const out: Partial<Record<Locale, SeedText>> = {};
  for (const locale of locales) {
    const module = texts[locale];
    if (!module) continue;
    const entry = entryOf(module);
    if (!entry || !sameItem(entry)) throw new Error(`help-texts/${locale}.ts is out of step with en.ts`);
    out[locale] = { title: entry.title, body: entry.body, version: helpTextVersion };
  }
  return out;
}

const translationRows = (id: number, item: SeedItem, now: Date) =>
  Object.entries(item.texts).map(([locale, text]) => ({
    contentId: id,
    locale,
    title: text.title,
    body: text.body,
    seedVersion: text.version,
    updatedAt: now,
  }));

/** Claims a seed set's name for this database: false when it has had the set (the name is taken once). */
async function claim(tx: Tx, name: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(contentSeeds)
    .values({ name, seededAt: now })
    .onConflictDoNothing()
    .returning({ name: contentSeeds.name });
  return claimed.length > 0;
}

/** Writes an item and its texts unless an item of its slug is there already. */
async function insertItem(tx: Tx, item: SeedItem, sort: number, now: Date): Promise<void> {
  const [row] = await tx
    .insert(contents)
    .values({
      slug: item.slug,
      type: item.type,
      sort,
      topic: item.topic ?? null,
      publishedAt: item.publishedAt ?? null,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: contents.id });
  if (row) await tx.insert(contentTranslations).values(translationRows(row.id, item, now));
}

/** Writes a set's items unless this database has had the set; claiming the name first makes it once only. */
async function seedSet(db: Db, name: string, items: SeedItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  await db.transaction(async (tx) => {
    if (!(await claim(tx, name, now))) return;
    for (const item of items) await insertItem(tx, item, item.sort, now);
  });
}

/**
 * The items later editions of the help texts added (`addedIn`), for a database that had the help set before
 * them: each edition's are written once (claimed as `help <version>`), so an item an operator deletes stays
 * deleted; on a new database the help set has just written them and the claim writes nothing. An item takes
 * the sort of the item before it as this database holds it, so it is listed right after that item (ties go
 * by id) and not beside whatever the older edition numbered the same.
 */
async function seedAdditions(db: Db, items: SeedItem[], now: Date): Promise<void> {
  const editions = new Set(items.flatMap((item) => (item.addedIn ? [item.addedIn] : [])));
  for (const edition of editions) {
    await db.transaction(async (tx) => {
      if (!(await claim(tx, `help ${edition}`, now))) return;
      for (const [i, item] of items.entries()) {
        if (item.addedIn !== edition) continue;
        const before = items[i - 1];
        const stored = before?.type === item.type ? await sortOf(tx, before.slug) : undefined;
        await insertItem(tx, item, stored ?? item.sort, now);
      }
    });
  }
}

async function sortOf(tx: Tx, slug: string): Promise<number | undefined> {
  const [row] = await tx.select({ sort: contents.sort }).from(contents).where(eq(contents.slug, slug));
  return row?.sort;
}

/**
 * Adds the languages seeded items lack, at their module's version; stored rows are the upgrade's to judge. Not
 * to items a person edited: a seeded translation of the seed's English would not translate theirs, and a
 * language they removed stays removed.
 */
async function fillTranslations(db: DbOrTx, items: SeedItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const bySlug = new Map(items.map((item) => [item.slug, item]));
  const existing = await db
    .select({ id: contents.id, slug: contents.slug })
    .from(contents)
    // An item a person edited in the back office (edited_at) keeps the languages they left it with.
    .where(and(inArray(contents.slug, [...bySlug.keys()]), isNull(contents.editedAt)));
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

/**
 * Replaces seeded texts older than their module's version with the module's. Only rows the seed wrote are
 * candidates (seed_version set) of items no person has edited (edited_at null): the back-office editor
 * (content/admin.ts) writes seed_version null on the texts it saves and edited_at on the item, so neither
 * the edited text nor its item's other languages are replaced. A row newer than its module (a release rolled
 * back) is kept, and so is a language the module no longer has.
 */
async function upgradeTranslations(db: DbOrTx, items: SeedItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const slugs = items.map((item) => item.slug);
  const wanted = new Map(
    items.flatMap((item) =>
      Object.entries(item.texts).map(([l, text]) => [`${item.slug} ${l}`, text] as const),
    ),
  );
  // Versions only: reading every stored body at each start would cost more than the rare upgrade.
  const stored = await db
    .select({
      contentId: contentTranslations.contentId,
      locale: contentTranslations.locale,
      slug: contents.slug,
      seedVersion: contentTranslations.seedVersion,
    })
    .from(contentTranslations)
    .innerJoin(contents, eq(contents.id, contentTranslations.contentId))
    .where(
      and(
        inArray(contents.slug, slugs),
        isNotNull(contentTranslations.seedVersion),
        isNull(contents.editedAt),
      ),
    );
  for (const row of stored) {
    const text = wanted.get(`${row.slug} ${row.locale}`);
    if (!text || row.seedVersion === null) continue;
    if (compareTextVersions(row.seedVersion, text.version) >= 0) continue;
    const t = contentTranslations;
    await db
      .update(t)
      .set({
        title: text.title,
        body: text.body,
        seedVersion: text.version,
        // The same words under an older version (rows migration 0019 marked '0' though the seed had already
        // written the current text): updated_at keeps saying when the text last changed.
        updatedAt: sql`case when ${t.title} = ${text.title} and ${t.body} = ${text.body}
          then ${t.updatedAt} else ${now.toISOString()}::timestamptz end`,
      })
      .where(
        and(
          eq(t.contentId, row.contentId),
          eq(t.locale, row.locale),
          // Only if still the version read: an operator's edit meanwhile (null) or another node that started
          // at the same moment and already wrote it wins.
          eq(t.seedVersion, row.seedVersion),
          // Nor once the item is a person's: an edit of its English meanwhile leaves this row's version as it
          // was, but the item's edited_at says the seed's newer words no longer translate the item.
          sql`not exists (select 1 from ${contents} c where c.id = ${t.contentId} and c.edited_at is not null)`,
        ),
      );
  }
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
  await seedAdditions(db, help, now);
  await fillTranslations(db, [...pages, ...help], now);
  await upgradeTranslations(db, [...pages, ...help], now);
}
