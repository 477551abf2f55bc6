// The back office's content editor (manageContent): items listed by type with the languages they lack, one
// item with every translation and what each missing language falls back to, and the changes — create, edit
// texts, publish, unpublish, order — each in one transaction with its audit row (before, after, reason).
// Bodies are sanitized on save and again on read; a saved text marks the item as a person's (edited_at), so
// the seed never replaces or refills it.
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  codes,
  contentTypes,
  faqTopics,
  type AdminContentDetail,
  type AdminContentItem,
  type AdminContentTranslation,
  type ContentPreview,
  type ContentTranslationInput,
  type CreateContentBody,
  type FaqTopic,
  type OrderContentsBody,
  type Page,
  type UpdateContentBody,
} from '@tradewind/contract';
import { locales, type Locale } from '@tradewind/i18n/locales';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError, type FieldProblem } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { contents, contentTranslations } from './tables.ts';
import { hasReadableText, plainText, sanitizeHtml, sanitizeReport } from './sanitize.ts';
import { pickTranslation } from './locale-fallback.ts';

type ContentRow = typeof contents.$inferSelect;
type TranslationRow = typeof contentTranslations.$inferSelect;
type Texts = Partial<Record<Locale, { title: string; body: string }>>;

const isLocale = (value: string): value is Locale => (locales as readonly string[]).includes(value);
const isFaqTopic = (topic: string | null): topic is FaqTopic =>
  (faqTopics as readonly (string | null)[]).includes(topic);

function itemOf(row: ContentRow, translations: Pick<TranslationRow, 'locale' | 'title'>[]): AdminContentItem {
  const languages = locales.filter((l) => translations.some((t) => t.locale === l));
  const title = translations.find((t) => t.locale === 'en') ?? translations.find((t) => isLocale(t.locale));
  return {
    id: String(row.id),
    type: row.type,
    topic: isFaqTopic(row.topic) ? row.topic : null,
    slug: row.slug,
    title: title ? plainText(title.title) : '',
    published: row.published,
    order: row.sort,
    publishedAt: row.publishedAt?.getTime() ?? null,
    updatedAt: row.updatedAt.getTime(),
    editedAt: row.editedAt?.getTime() ?? null,
    revision: row.revision,
    languages,
    missing: locales.filter((l) => !languages.includes(l)),
  };
}

function detailOf(row: ContentRow, translations: TranslationRow[]): AdminContentDetail {
  const item = itemOf(row, translations);
  const texts: Partial<Record<Locale, AdminContentTranslation>> = {};
  for (const t of translations) {
    if (!isLocale(t.locale)) continue;
    texts[t.locale] = {
      title: plainText(t.title),
      body: sanitizeHtml(t.body),
      updatedAt: t.updatedAt.getTime(),
      seeded: t.seedVersion !== null,
    };
  }
  const present = translations.flatMap((t) => (isLocale(t.locale) ? [{ locale: t.locale }] : []));
  const fallbacks = Object.fromEntries(
    item.missing.map((l) => [l, pickTranslation(present, l)?.locale ?? null]),
  );
  return { ...item, translations: texts, fallbacks };
}

/** Items in the order customers see them: notices newest first (drafts, undated, on top), the rest by order. */
export async function listContentsForAdmin(
  db: DbOrTx,
  query: { type?: number | undefined; page: number; size: number },
): Promise<Page<AdminContentItem>> {
  const where = query.type === undefined ? undefined : eq(contents.type, query.type);
  const [total] = await db.select({ n: count() }).from(contents).where(where);
  const rows = await db
    .select()
    .from(contents)
    .where(where)
    .orderBy(asc(contents.type), desc(contents.publishedAt), asc(contents.sort), asc(contents.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const ids = rows.map((r) => r.id);
  const translations =
    ids.length === 0
      ? []
      : await db
          .select({
            contentId: contentTranslations.contentId,
            locale: contentTranslations.locale,
            title: contentTranslations.title,
          })
          .from(contentTranslations)
          .where(inArray(contentTranslations.contentId, ids));
  return {
    list: rows.map((r) =>
      itemOf(
        r,
        translations.filter((t) => t.contentId === r.id),
      ),
    ),
    total: total?.n ?? 0,
    page: query.page,
    size: query.size,
  };
}

async function load(db: DbOrTx, id: number, lock = false) {
  const select = db.select().from(contents).where(eq(contents.id, id));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new AppError(codes.notFound);
  const translations = await db
    .select()
    .from(contentTranslations)
    .where(eq(contentTranslations.contentId, id))
    .orderBy(asc(contentTranslations.locale));
  return { row, translations };
}

export async function getContentForAdmin(db: DbOrTx, id: number): Promise<AdminContentDetail> {
  const { row, translations } = await load(db, id);
  return detailOf(row, translations);
}

export function previewContent(body: string): ContentPreview {
  return sanitizeReport(body);
}

const fieldError = (fields: Record<string, FieldProblem>) => new AppError(codes.paramsEmpty, {}, fields);

/**
 * The texts as they will be stored: titles plain text (a title with markup is refused rather than silently
 * cut), bodies sanitized, and a body with nothing readable left refused at its field.
 */
function cleanTexts(input: Partial<Record<Locale, ContentTranslationInput | null | undefined>>): {
  set: Texts;
  removed: Locale[];
} {
  const problems: Record<string, FieldProblem> = {};
  const set: Texts = {};
  const removed: Locale[] = [];
  for (const locale of locales) {
    const text = input[locale];
    if (text === undefined) continue;
    if (text === null) {
      removed.push(locale);
      continue;
    }
    const title = text.title.trim();
    if (plainText(title) !== title) problems[`translations.${locale}.title`] = { key: 'invalid' };
    const body = sanitizeHtml(text.body);
    if (!hasReadableText(body)) problems[`translations.${locale}.body`] = { key: 'contentBodyEmpty' };
    set[locale] = { title, body };
  }
  if (Object.keys(problems).length > 0) throw fieldError(problems);
  return { set, removed };
}

function checkTopic(type: number, topic: FaqTopic | undefined | null): void {
  if (type === contentTypes.faq && !topic) throw fieldError({ topic: { key: 'required' } });
  if (type !== contentTypes.faq && topic) throw fieldError({ topic: { key: 'invalid' } });
}

const englishRequired = () =>
  new AppError(
    codes.contentEnglishRequired,
    {},
    { 'translations.en': { key: codes.contentEnglishRequired } },
  );

async function writeTexts(tx: Tx, contentId: number, texts: Texts, now: Date): Promise<void> {
  const rows = Object.entries(texts).map(([locale, text]) => ({
    contentId,
    locale,
    title: text.title,
    body: text.body,
    // A person's text: the seed leaves it alone from now on.
    seedVersion: null,
    updatedAt: now,
  }));
  if (rows.length === 0) return;
  await tx
    .insert(contentTranslations)
    .values(rows)
    .onConflictDoUpdate({
      target: [contentTranslations.contentId, contentTranslations.locale],
      set: {
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        seedVersion: null,
        updatedAt: now,
      },
    });
}

export async function createContent(
  ctx: Ctx,
  admin: AdminIdentity,
  input: CreateContentBody,
): Promise<AdminContentDetail> {
  checkTopic(input.type, input.topic);
  const { set } = cleanTexts(input.translations);
  if (!set.en) throw englishRequired();
  const now = new Date(ctx.clock.now());
  const id = await ctx.db.transaction(async (tx) => {
    const [last] = await tx
      .select({ sort: max(contents.sort) })
      .from(contents)
      .where(eq(contents.type, input.type));
    const [row] = await tx
      .insert(contents)
      .values({
        type: input.type,
        topic: input.topic ?? null,
        sort: Math.min((last?.sort ?? -1) + 1, 32_767),
        published: input.published,
        publishedAt: input.published && input.type === contentTypes.notice ? now : null,
        updatedAt: now,
        editedAt: now,
      })
      .returning({ id: contents.id });
    if (!row) throw new Error('insert returned no row');
    await writeTexts(tx, row.id, set, now);
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'content.create',
        target: `content:${row.id}`,
        after: {
          type: input.type,
          topic: input.topic ?? null,
          published: input.published,
          translations: set,
        },
        reason: input.reason ?? null,
      },
      now,
    );
    return row.id;
  });
  return getContentForAdmin(ctx.db, id);
}

/** What a partial update changes, each as before and after, for the audit row; empty when nothing changes. */
type Change = { before: Record<string, unknown>; after: Record<string, unknown> };

function textChanges(current: TranslationRow[], set: Texts, removed: Locale[]): Change {
  const before: Texts = {};
  const after: Record<string, { title: string; body: string } | null> = {};
  for (const [locale, text] of Object.entries(set) as [Locale, { title: string; body: string }][]) {
    const old = current.find((t) => t.locale === locale);
    if (old && old.title === text.title && old.body === text.body) continue;
    if (old) before[locale] = { title: old.title, body: old.body };
    after[locale] = text;
  }
  for (const locale of removed) {
    const old = current.find((t) => t.locale === locale);
    if (!old) continue;
    before[locale] = { title: old.title, body: old.body };
    after[locale] = null;
  }
  return Object.keys(after).length === 0 ? { before: {}, after: {} } : { before, after };
}

export async function updateContent(
  ctx: Ctx,
  admin: AdminIdentity,
  id: number,
  input: UpdateContentBody,
): Promise<AdminContentDetail> {
  const { set, removed } = cleanTexts(input.translations ?? {});
  if (removed.includes('en')) throw englishRequired();
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    // Locked: two operators saving at once are ordered, and the second meets the first's revision.
    const { row, translations } = await load(tx, id, true);
    if (row.revision !== input.revision) throw new AppError(codes.contentChangedMeanwhile);
    if (input.topic !== undefined) checkTopic(row.type, input.topic);
    const texts = textChanges(translations, set, removed);
    const hasEnglish = set.en !== undefined || translations.some((t) => t.locale === 'en');
    if (!hasEnglish) throw englishRequired();
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const note = (key: string, old: unknown, next: unknown) => {
      if (next === undefined || old === next) return;
      before[key] = old;
      after[key] = next;
    };
    note('published', row.published, input.published);
    note('order', row.sort, input.order);
    note('topic', row.topic, input.topic);
    if (Object.keys(texts.after).length > 0) {
      before.translations = texts.before;
      after.translations = texts.after;
    }
    if (Object.keys(after).length === 0) return;
    const textsChanged = 'translations' in after;
    await tx
      .update(contents)
      .set({
        ...(input.published !== undefined ? { published: input.published } : {}),
        ...(input.published && row.type === contentTypes.notice && !row.publishedAt
          ? { publishedAt: now }
          : {}),
        ...(input.order !== undefined ? { sort: input.order } : {}),
        ...(input.topic !== undefined ? { topic: input.topic } : {}),
        ...(textsChanged ? { editedAt: now } : {}),
        updatedAt: now,
        revision: row.revision + 1,
      })
      .where(eq(contents.id, id));
    if (textsChanged) {
      await writeTexts(tx, id, set, now);
      if (removed.length > 0)
        await tx
          .delete(contentTranslations)
          .where(and(eq(contentTranslations.contentId, id), inArray(contentTranslations.locale, removed)));
    }
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'content.update',
        target: `content:${id}`,
        before,
        after,
        reason: input.reason,
      },
      now,
    );
  });
  return getContentForAdmin(ctx.db, id);
}

/** Publish or unpublish; a notice is dated when first published. Already in that state: nothing is written. */
export async function setContentPublished(
  ctx: Ctx,
  admin: AdminIdentity,
  id: number,
  published: boolean,
  reason: string,
): Promise<AdminContentDetail> {
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    const { row, translations } = await load(tx, id, true);
    if (row.published === published) return;
    if (published && !translations.some((t) => t.locale === 'en')) throw englishRequired();
    const dated = published && row.type === contentTypes.notice && !row.publishedAt;
    await tx
      .update(contents)
      .set({ published, ...(dated ? { publishedAt: now } : {}), updatedAt: now, revision: row.revision + 1 })
      .where(eq(contents.id, id));
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: published ? 'content.publish' : 'content.unpublish',
        target: `content:${id}`,
        before: { published: row.published },
        after: { published },
        reason,
      },
      now,
    );
  });
  return getContentForAdmin(ctx.db, id);
}

/** Sets the order of every item of a type at once; a list that no longer names exactly those items is 10154. */
export async function orderContents(
  ctx: Ctx,
  admin: AdminIdentity,
  input: OrderContentsBody,
): Promise<AdminContentItem[]> {
  const wanted = input.ids.map(Number);
  if (new Set(wanted).size !== wanted.length) throw fieldError({ ids: { key: 'duplicate' } });
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: contents.id, sort: contents.sort, revision: contents.revision })
      .from(contents)
      .where(eq(contents.type, input.type))
      .orderBy(asc(contents.sort), asc(contents.id))
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    if (rows.length !== wanted.length || !wanted.every((w) => known.has(w)))
      throw new AppError(codes.contentOrderStale);
    const beforeIds = rows.map((r) => String(r.id));
    if (beforeIds.join() === input.ids.join() && rows.every((r, i) => r.sort === i)) return;
    for (const [sort, rowId] of wanted.entries()) {
      const row = rows.find((r) => r.id === rowId);
      if (!row || row.sort === sort) continue;
      await tx
        .update(contents)
        .set({ sort, updatedAt: now, revision: row.revision + 1 })
        .where(eq(contents.id, rowId));
    }
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'content.order',
        target: `contents:type:${input.type}`,
        before: { ids: beforeIds },
        after: { ids: input.ids },
        reason: input.reason,
      },
      now,
    );
  });
  const page = await listContentsForAdmin(ctx.db, { type: input.type, page: 1, size: 500 });
  return page.list;
}
