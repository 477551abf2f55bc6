// The back office's side of the support inbox: the thread list (unread first), one thread (opening it marks
// the customer's messages read), replies (the customer is notified) and close/reopen. Every change a staff
// member makes writes an audit row in the same transaction; none of it touches money.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  codes,
  type Page,
  type SupportStaffMessage,
  type SupportThread,
  type SupportThreadDetail,
  type SupportThreadStatus,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { uploadUrl } from '../platform/uploads.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { supportMessages, supportThreads } from './tables.ts';

type ThreadRow = typeof supportThreads.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

/** Customer messages no staff member has opened, per thread (computed, never stored). */
const unreadOf = sql<number>`(select count(*)::int from ${supportMessages} m
  where m.thread_id = ${supportThreads.id} and m.author = 'customer' and m.read_at is null)`;

const threadColumns = {
  thread: supportThreads,
  userName: users.userName,
  email: users.email,
  unread: unreadOf,
};
type ThreadListRow = { thread: ThreadRow; userName: string; email: string; unread: number };

/** The newest message of each thread, for the list's preview. */
async function lastMessages(db: DbOrTx, threadIds: number[]): Promise<Map<number, MessageRow>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([supportMessages.threadId])
    .from(supportMessages)
    .where(inArray(supportMessages.threadId, threadIds))
    .orderBy(supportMessages.threadId, desc(supportMessages.id));
  return new Map(rows.map((r) => [r.threadId, r]));
}

function threadView(row: ThreadListRow, last: MessageRow | undefined): SupportThread {
  return {
    id: String(row.thread.id),
    userId: String(row.thread.userId),
    userName: row.userName,
    email: row.email,
    status: row.thread.status === 'closed' ? 'closed' : 'open',
    lastMessageAt: row.thread.lastMessageAt.getTime(),
    lastMessage: last
      ? {
          author: last.author === 'staff' ? 'staff' : 'customer',
          text: last.text,
          hasImage: last.imageName !== null,
        }
      : null,
    unread: Number(row.unread),
    createdAt: row.thread.createdAt.getTime(),
  };
}

/** Threads with unread customer messages first, then by their last message, newest first. */
export async function listThreads(
  db: DbOrTx,
  query: { status?: SupportThreadStatus | undefined; page: number; size: number },
): Promise<Page<SupportThread>> {
  const where = query.status ? eq(supportThreads.status, query.status) : undefined;
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportThreads)
    .where(where);
  const rows = await db
    .select(threadColumns)
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .where(where)
    .orderBy(sql`${unreadOf} > 0 desc`, desc(supportThreads.lastMessageAt), desc(supportThreads.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const last = await lastMessages(
    db,
    rows.map((r) => r.thread.id),
  );
  return {
    list: rows.map((r) => threadView(r, last.get(r.thread.id))),
    total: Number(total?.n ?? 0),
    page: query.page,
    size: query.size,
  };
}

async function threadRow(db: DbOrTx, id: number): Promise<ThreadListRow> {
  const [row] = await db
    .select(threadColumns)
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .where(eq(supportThreads.id, id))
    .limit(1);
  if (!row) throw new AppError(codes.notFound);
  return row;
}

/** Locks the thread for a change, so two staff members' changes to one thread happen one after the other. */
async function lockThread(tx: Tx, id: number): Promise<ThreadRow> {
  const [thread] = await tx.select().from(supportThreads).where(eq(supportThreads.id, id)).for('update');
  if (!thread) throw new AppError(codes.notFound);
  return thread;
}

/** Marks the customer's unread messages read; an audit row says who opened them, only when some were. */
async function markCustomerMessagesRead(tx: Tx, admin: AdminIdentity, threadId: number, now: Date) {
  const read = await tx
    .update(supportMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(supportMessages.threadId, threadId),
        eq(supportMessages.author, 'customer'),
        isNull(supportMessages.readAt),
      ),
    )
    .returning({ id: supportMessages.id });
  if (read.length === 0) return;
  await writeAudit(
    tx,
    {
      adminId: admin.id,
      action: 'support.read',
      target: `support_thread:${threadId}`,
      after: { messageIds: read.map((r) => String(r.id)) },
    },
    now,
  );
}

function staffView(row: MessageRow, staffName: string | null): SupportStaffMessage {
  return {
    id: String(row.id),
    author: row.author === 'staff' ? 'staff' : 'customer',
    text: row.text,
    image: row.imageName === null ? null : uploadUrl(row.imageName),
    createdAt: row.createdAt.getTime(),
    read: row.readAt !== null,
    staffName,
  };
}

/** One thread with a page of its messages, newest first; opening it marks the customer's messages read. */
export async function openThread(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  admin: AdminIdentity,
  id: number,
  page: { page: number; size: number },
): Promise<SupportThreadDetail> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    await lockThread(tx, id);
    await markCustomerMessagesRead(tx, admin, id, now);
    const thread = await threadRow(tx, id);
    const rows = await tx
      .select({ message: supportMessages, staffName: admins.userName })
      .from(supportMessages)
      .leftJoin(admins, eq(admins.id, supportMessages.adminId))
      .where(eq(supportMessages.threadId, id))
      .orderBy(desc(supportMessages.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size);
    const [total] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(supportMessages)
      .where(eq(supportMessages.threadId, id));
    return {
      thread: threadView(thread, (await lastMessages(tx, [id])).get(id)),
      list: rows.map((r) => staffView(r.message, r.staffName)),
      total: Number(total?.n ?? 0),
      page: page.page,
      size: page.size,
    };
  });
}

/** The first words of a reply, shown in the customer's notification. */
const excerptChars = 120;
const excerpt = (text: string) => (text.length > excerptChars ? `${text.slice(0, excerptChars - 1)}…` : text);

/**
 * A staff reply to an open thread (closed: 10138). It also marks the customer's messages read (answering is
 * reading), and notifies the customer in the same transaction.
 */
export async function reply(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  admin: AdminIdentity,
  id: number,
  text: string,
): Promise<SupportStaffMessage> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const thread = await lockThread(tx, id);
    if (thread.status !== 'open') throw new AppError(codes.supportThreadClosed);
    await markCustomerMessagesRead(tx, admin, id, now);
    const [row] = await tx
      .insert(supportMessages)
      .values({ threadId: id, author: 'staff', adminId: admin.id, text, createdAt: now })
      .returning();
    if (!row) throw new Error('support reply insert returned no row');
    await tx.update(supportThreads).set({ lastMessageAt: now }).where(eq(supportThreads.id, id));
    await notify(tx, thread.userId, 'supportReply', { excerpt: excerpt(text) }, now);
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'support.reply',
        target: `support_thread:${id}`,
        after: { messageId: String(row.id), text },
      },
      now,
    );
    return staffView(row, admin.userName);
  });
}

/** Closes or reopens a thread; asking for the state it is already in is 10139. */
export async function setThreadStatus(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  admin: AdminIdentity,
  id: number,
  status: SupportThreadStatus,
): Promise<SupportThread> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const thread = await lockThread(tx, id);
    if (thread.status === status) throw new AppError(codes.supportStatusUnchanged);
    await tx.update(supportThreads).set({ status }).where(eq(supportThreads.id, id));
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: status === 'closed' ? 'support.close' : 'support.reopen',
        target: `support_thread:${id}`,
        before: { status: thread.status },
        after: { status },
      },
      now,
    );
    const row = await threadRow(tx, id);
    return threadView(row, (await lastMessages(tx, [id])).get(id));
  });
}
