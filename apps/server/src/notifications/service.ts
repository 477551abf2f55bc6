// Notifications to customers: written in the same transaction as the event, rendered when read.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { serverCatalogues } from '@tradewind/i18n/server';
import type { DbOrTx } from '../platform/db.ts';
import type { Locale } from '../platform/i18n.ts';
import { readableParams } from './params.ts';
import { notifications } from './tables.ts';

type Catalogue = (typeof serverCatalogues)['en'];
export type NotificationKind = keyof Catalogue['notifications'];
export type NotificationParams = Record<string, string>;

export async function notify(
  db: DbOrTx,
  userId: number,
  kind: NotificationKind,
  params: NotificationParams,
  now: Date,
): Promise<void> {
  await db.insert(notifications).values({ userId, kind, params, createdAt: now });
}

/** Words a notification names by key (a book, a direction): stored as the key, worded in the reader's language. */
type Words = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

function worded(params: NotificationParams, words: Words): NotificationParams {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, words[k]?.[v] ?? v]));
}

function render(template: string, params: NotificationParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  locale: Locale,
  page: number,
  size: number,
) {
  const texts = serverCatalogues[locale].notifications as Record<string, { title: string; body: string }>;
  const words: Words = serverCatalogues[locale].notificationWords;
  const mine = eq(notifications.userId, userId);
  const [total] = await db.select({ n: count() }).from(notifications).where(mine);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine, isNull(notifications.readAt)));
  const rows = await db
    .select()
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    list: rows.map((r) => {
      const params = readableParams(worded(r.params as NotificationParams, words), locale);
      const text = texts[r.kind];
      return {
        id: String(r.id),
        kind: r.kind,
        title: text ? render(text.title, params) : r.kind,
        body: text ? render(text.body, params) : '',
        read: r.readAt !== null,
        createdAt: r.createdAt.getTime(),
      };
    }),
    total: total?.n ?? 0,
    page,
    size,
    unread: unread?.n ?? 0,
  };
}

/** Marks the given notifications (or, with none given, all) of the user as read; another user's ids change nothing. */
export async function readNotifications(
  db: DbOrTx,
  userId: number,
  ids: readonly number[] | undefined,
  now: Date,
): Promise<void> {
  const scope =
    ids === undefined
      ? eq(notifications.userId, userId)
      : and(eq(notifications.userId, userId), inArray(notifications.id, [...ids]));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(scope, isNull(notifications.readAt)));
}
