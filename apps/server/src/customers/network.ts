// The 360's sections about whom the customer brought and what they wrote: invitees with their rewards, and
// the support conversation (one per customer) with its latest messages.
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  customerSectionSize,
  supportAuthors,
  supportThreadStatuses,
  type Customer360,
} from '@tradewind/contract';
import type { DbOrTx } from '../platform/db.ts';
import { users } from '../users/tables.ts';
import { inviteRewards } from '../invite/tables.ts';
import { supportMessages, supportThreads } from '../support/tables.ts';
import { countOf, oneOf, usdt } from './format.ts';

export async function inviteesOf(db: DbOrTx, userId: number): Promise<Customer360['invitees']> {
  const total = await countOf(db, users, eq(users.invitedBy, userId));
  const rewarded = await countOf(db, inviteRewards, eq(inviteRewards.inviterId, userId));
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      joinedAt: users.createdAt,
      reward: inviteRewards.amountMinor,
    })
    .from(users)
    .leftJoin(inviteRewards, eq(inviteRewards.inviteeId, users.id))
    .where(eq(users.invitedBy, userId))
    .orderBy(desc(users.id))
    .limit(customerSectionSize);
  return {
    total,
    rewarded,
    list: rows.map((r) => ({
      id: String(r.id),
      userName: r.userName,
      joinedAt: r.joinedAt.getTime(),
      reward: r.reward === null ? null : usdt(r.reward),
    })),
  };
}

export async function supportOf(db: DbOrTx, userId: number): Promise<Customer360['support']> {
  const [thread] = await db.select().from(supportThreads).where(eq(supportThreads.userId, userId));
  if (!thread) return { thread: null, messages: { total: 0, list: [] } };
  const inThread = eq(supportMessages.threadId, thread.id);
  const total = await countOf(db, supportMessages, inThread);
  const waiting = and(inThread, eq(supportMessages.author, 'customer'), isNull(supportMessages.readAt));
  const unread = await countOf(db, supportMessages, waiting);
  const rows = await db
    .select()
    .from(supportMessages)
    .where(inThread)
    .orderBy(desc(supportMessages.id))
    .limit(customerSectionSize);
  return {
    thread: {
      id: String(thread.id),
      status: oneOf(supportThreadStatuses, thread.status, `support thread ${thread.id} status`),
      lastMessageAt: thread.lastMessageAt.getTime(),
      unread,
    },
    messages: {
      total,
      list: rows.map((m) => ({
        id: String(m.id),
        author: oneOf(supportAuthors, m.author, `support message ${m.id} author`),
        text: m.text,
        hasImage: m.imageName !== null,
        createdAt: m.createdAt.getTime(),
      })),
    },
  };
}
