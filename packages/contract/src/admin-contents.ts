// The back office's content editor (manageContent): company, policy and statement pages, FAQ entries and
// notices, each with a title and an HTML body per language. Bodies are sanitized by the server on save and
// again on every read; English is required because every missing language falls back to it.
import { z } from 'zod';
import { locales, type Locale } from '@tradewind/i18n/locales';
import { idString, page, text } from './common.ts';
import { faqTopics } from './content.ts';

export * from './content-fallback.ts';

/** The content types as stored and as the customer API names them (`listContents` rows' `type`). */
export const contentTypes = { company: 1, policy: 2, statement: 3, faq: 4, notice: 5 } as const;
export type ContentTypeName = keyof typeof contentTypes;
export type ContentType = (typeof contentTypes)[ContentTypeName];
export const contentTypeNames = Object.keys(contentTypes) as ContentTypeName[];
export const contentTypeNumber = z.coerce.number().int().min(1).max(5);

/** Bounds of one language's text: a title is one line; a body is a page of HTML. */
export const contentTitleMax = 200;
export const contentBodyMax = 50_000;

export const contentTranslationInput = z.strictObject({
  title: text().trim().min(1).max(contentTitleMax),
  body: text().trim().min(1).max(contentBodyMax),
});
export type ContentTranslationInput = z.infer<typeof contentTranslationInput>;

const perLocale = <T extends z.ZodType>(value: T) =>
  z.strictObject(
    Object.fromEntries(locales.map((l) => [l, value.optional()])) as Record<Locale, z.ZodOptional<T>>,
  );

/** A change's reason, kept in the audit row. */
const reason = text().trim().min(1).max(500);

export const adminContentsQuery = z.strictObject({
  type: contentTypeNumber.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export const adminContentParams = z.strictObject({ id: idString });

/**
 * POST /admin/api/contents: a new item. `translations` must hold English; `topic` is required for a FAQ
 * entry and refused on anything else. A notice is dated when it is first published.
 */
export const createContentBody = z.strictObject({
  type: contentTypeNumber,
  topic: z.enum(faqTopics).optional(),
  published: z.boolean(),
  translations: perLocale(contentTranslationInput),
  reason: reason.optional(),
});
export type CreateContentBody = z.infer<typeof createContentBody>;

/**
 * POST /admin/api/contents/{id}: a partial change. A language set to null is removed (never English);
 * languages left out stay as they are. `revision` is the one the editor read: a save on top of another
 * operator's newer one is refused with 10153.
 */
export const updateContentBody = z.strictObject({
  revision: z.number().int().min(0),
  translations: perLocale(contentTranslationInput.nullable()).optional(),
  published: z.boolean().optional(),
  order: z.number().int().min(0).max(32_767).optional(),
  topic: z.enum(faqTopics).optional(),
  reason,
});
export type UpdateContentBody = z.infer<typeof updateContentBody>;

/** POST /admin/api/contents/{id}/publish and …/unpublish. */
export const publishContentBody = z.strictObject({ reason });

/** POST /admin/api/contents/order: every item of `type`, in the order customers are to see them. */
export const orderContentsBody = z.strictObject({
  type: contentTypeNumber,
  ids: z.array(idString).min(1).max(500),
  reason,
});
export type OrderContentsBody = z.infer<typeof orderContentsBody>;

/** POST /admin/api/contents/preview: a body as the customer site will get it, from the server's sanitizer. */
export const previewContentBody = z.strictObject({ body: text().max(contentBodyMax) });
export const contentPreview = z.object({
  html: z.string(),
  /** Whether the sanitizer removed anything (a script, an event attribute, a javascript: link…). */
  changed: z.boolean(),
});
export type ContentPreview = z.infer<typeof contentPreview>;

const localeEnum = z.enum(locales);

/** A row of GET /admin/api/contents. `missing`: the languages with no text, which customers read in a fallback. */
export const adminContentItem = z.object({
  id: z.string(),
  type: z.number().int().min(1).max(5),
  topic: z.enum(faqTopics).nullable(),
  /** The seed's name for an item it wrote; null for items made in the back office. */
  slug: z.string().nullable(),
  /** The English title (or the first language's, for an item that has no English yet). */
  title: z.string(),
  published: z.boolean(),
  order: z.number().int(),
  publishedAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
  /** When a person last changed the texts; null while they are as seeded (the seed may still upgrade them). */
  editedAt: z.number().int().nullable(),
  revision: z.number().int(),
  languages: z.array(localeEnum),
  missing: z.array(localeEnum),
});
export type AdminContentItem = z.infer<typeof adminContentItem>;
export const adminContentPage = page(adminContentItem);

export const adminContentTranslation = z.object({
  title: z.string(),
  /** Sanitized on read as well as on save. */
  body: z.string(),
  updatedAt: z.number().int(),
  /** Still the seed's text (it may be replaced by a newer seeded version until someone edits the item). */
  seeded: z.boolean(),
});
export type AdminContentTranslation = z.infer<typeof adminContentTranslation>;

/** GET /admin/api/contents/{id}: every language's text, and for each missing one what customers read instead. */
export const adminContentDetail = adminContentItem.extend({
  translations: z.partialRecord(localeEnum, adminContentTranslation),
  /** Missing language → the language its readers are shown (null: none, so the item is hidden from them). */
  fallbacks: z.partialRecord(localeEnum, localeEnum.nullable()),
});
export type AdminContentDetail = z.infer<typeof adminContentDetail>;
