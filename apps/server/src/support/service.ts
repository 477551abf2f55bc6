// The customer's side of the support inbox: sending a message (with at most one image), reading the
// conversation (which marks staff replies read) and counting unread replies. A customer only ever reaches
// the thread whose user_id is their own: no call takes a thread id from them.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { codes, type SupportConversation, type SupportMessage } from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { prepareImage, saveUploads, type PreparedImage } from '../platform/uploads.ts';
import { uploads } from '../platform/uploads-tables.ts';
import { supportMessages, supportThreads } from './tables.ts';

type MessageRow = typeof supportMessages.$inferSelect;

/** Where the thread's customer fetches a message's image (their session required, see routes.ts). */
export const customerImageUrl = (name: string) => `/api/swx/customer/support/image/${name}`;

export function customerView(row: MessageRow): SupportMessage {
  return {
    id: String(row.id),
    author: row.author === 'staff' ? 'staff' : 'customer',
    text: row.text,
    image: row.imageName === null ? null : customerImageUrl(row.imageName),
    createdAt: row.createdAt.getTime(),
    read: row.readAt !== null,
  };
}

// The declared type is not trusted (a browser labels JPEG 2000 as it likes): the bytes decide.
const dataUrlPattern = /^data:[\w.+/-]{0,64};base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The attached image, as a deposit proof is checked: type from the bytes (10106), bounded in bytes and pixels
 * (10107), re-encoded by sharp. A string that is not a base64 image data URL is a wrong format.
 */
export async function imageFromDataUrl(dataUrl: string, maxBytes: number): Promise<PreparedImage> {
  const base64 = dataUrlPattern.exec(dataUrl)?.[1];
  if (!base64) throw new AppError(codes.imageFormat);
  // Checked on the encoded length first, so an oversized string is never decoded.
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 2) throw new AppError(codes.imageTooLarge);
  return prepareImage(Buffer.from(base64, 'base64'), { maxBytes });
}

/**
 * Stores a customer's message: the thread is created on the first one, and a closed thread opens again
 * (the customer has something new to say). The image is written in the same transaction as its message.
 */
export async function sendMessage(
  ctx: Pick<Ctx, 'db' | 'config' | 'clock'>,
  userId: number,
  message: { text: string; image?: PreparedImage },
): Promise<SupportMessage> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(supportThreads)
      .values({ userId, status: 'open', lastMessageAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: supportThreads.userId,
        set: { status: 'open', lastMessageAt: now },
      })
      .returning({ id: supportThreads.id });
    if (!thread) throw new Error('support thread upsert returned no row');
    const [imageName] = message.image
      ? await saveUploads(tx, ctx, { userId, purpose: 'support' }, [message.image], now)
      : [];
    const [row] = await tx
      .insert(supportMessages)
      .values({
        threadId: thread.id,
        author: 'customer',
        text: message.text,
        imageName: imageName ?? null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('support message insert returned no row');
    return customerView(row);
  });
}

async function threadOf(db: DbOrTx, userId: number) {
  const [thread] = await db.select().from(supportThreads).where(eq(supportThreads.userId, userId)).limit(1);
  return thread;
}

/** A page of the customer's conversation, newest first; the staff replies on it count as read from now. */
export async function listConversation(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  userId: number,
  page: number,
  size: number,
): Promise<SupportConversation> {
  const thread = await threadOf(ctx.db, userId);
  if (!thread) return { list: [], total: 0, page, size, status: null };
  const mine = eq(supportMessages.threadId, thread.id);
  await ctx.db
    .update(supportMessages)
    .set({ readAt: new Date(ctx.clock.now()) })
    .where(and(mine, eq(supportMessages.author, 'staff'), isNull(supportMessages.readAt)));
  const [total] = await ctx.db.select({ n: count() }).from(supportMessages).where(mine);
  const rows = await ctx.db
    .select()
    .from(supportMessages)
    .where(mine)
    .orderBy(desc(supportMessages.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    list: rows.map(customerView),
    total: total?.n ?? 0,
    page,
    size,
    status: thread.status === 'closed' ? 'closed' : 'open',
  };
}

/** Staff replies the customer has not opened yet (the badge on the support icon). */
export async function unreadReplies(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
    .where(
      and(
        eq(supportThreads.userId, userId),
        eq(supportMessages.author, 'staff'),
        isNull(supportMessages.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** The customer's own support image by name, or nothing (another customer's image is simply not found). */
export async function ownImage(db: DbOrTx, userId: number, name: string) {
  const [row] = await db
    .select({ name: uploads.name, contentType: uploads.contentType })
    .from(uploads)
    .innerJoin(supportMessages, eq(supportMessages.imageName, uploads.name))
    .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
    .where(and(eq(uploads.name, name), eq(uploads.purpose, 'support'), eq(supportThreads.userId, userId)))
    .limit(1);
  return row;
}
