// Public content: pages, FAQ entries and notices, each answered in the request's language (or its fallback).
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  codes,
  faqTopics,
  type ContentDetail,
  type ContentItem,
  type FaqEntry,
  type FaqTopic,
} from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n/locales';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { contents, contentTranslations } from './tables.ts';
import { plainText, sanitizeHtml } from './sanitize.ts';
import { fallbackChain, pickTranslation } from './locale-fallback.ts';

type Localized = {
  id: number;
  type: number;
  topic: string | null;
  publishedAt: Date | null;
  locale: string;
  title: string;
  body: string;
};

/**
 * Published items matching `where`, each once, in the best language of `locale`'s chain; an item with no
 * translation in the chain is left out. Order: by type, notices newest first, the rest by their sort.
 */
async function localized(db: DbOrTx, locale: Locale, where?: SQL): Promise<Localized[]> {
  const rows = await db
    .select({
      id: contents.id,
      type: contents.type,
      topic: contents.topic,
      publishedAt: contents.publishedAt,
      locale: contentTranslations.locale,
      title: contentTranslations.title,
      body: contentTranslations.body,
    })
    .from(contents)
    .innerJoin(contentTranslations, eq(contentTranslations.contentId, contents.id))
    .where(
      and(eq(contents.published, true), inArray(contentTranslations.locale, fallbackChain(locale)), where),
    )
    .orderBy(asc(contents.type), desc(contents.publishedAt), asc(contents.sort), asc(contents.id));
  const byItem = new Map<number, Localized[]>();
  for (const row of rows) byItem.set(row.id, [...(byItem.get(row.id) ?? []), row]);
  return [...byItem.values()].flatMap((found) => pickTranslation(found, locale) ?? []);
}

const isFaqTopic = (topic: string | null): topic is FaqTopic =>
  (faqTopics as readonly (string | null)[]).includes(topic);

function itemOf(row: Localized): ContentItem {
  return {
    id: String(row.id),
    // Sanitized on read like the body: a row written by other means than the editor reaches no one as markup.
    title: plainText(row.title),
    type: row.type,
    ...(row.type === 4 && isFaqTopic(row.topic) ? { topic: row.topic } : {}),
    ...(row.publishedAt ? { publishedAt: row.publishedAt.getTime() } : {}),
  };
}

const detailOf = (row: Localized): ContentDetail => ({
  ...itemOf(row),
  result: sanitizeHtml(row.body),
  locale: row.locale,
});

/** Footer pages (types 1–3), FAQ entries and notices, titles only. */
export async function listContents(db: DbOrTx, locale: Locale): Promise<ContentItem[]> {
  return (await localized(db, locale)).map(itemOf);
}

export async function getContent(db: DbOrTx, id: number, locale: Locale): Promise<ContentDetail> {
  const [row] = await localized(db, locale, eq(contents.id, id));
  if (!row) throw new AppError(codes.notFound);
  return detailOf(row);
}

/** Every FAQ entry with its answer, for the help centre's search over questions and answers. */
export async function listFaq(db: DbOrTx, locale: Locale): Promise<FaqEntry[]> {
  return (await localized(db, locale, eq(contents.type, 4))).flatMap((row) =>
    isFaqTopic(row.topic) ? [{ ...detailOf(row), topic: row.topic }] : [],
  );
}
