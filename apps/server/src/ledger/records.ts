// The customer's view of the ledger: cash-account lines of one book, and the demo reset.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  codes,
  kindsOfCategory,
  type Book,
  type EntryCategory,
  type EntryKind,
  type FundRecord,
  type Page,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { assets, formatMinor, sum } from '@tradewind/contract/money';
import { journalEntries, ledgerAccounts, postings } from './tables.ts';
import { post, type Line } from './post.ts';
import { demoStartMinor } from './service.ts';
import { customerPurposes } from './accounts.ts';

const scale = assets.USDT.scale;

export async function listFundRecords(
  ctx: Ctx,
  userId: number,
  book: Book,
  q: { page: number; size: number; kind?: EntryKind | undefined; category?: EntryCategory | undefined },
): Promise<Page<FundRecord>> {
  const where = and(
    eq(ledgerAccounts.ownerType, 'user'),
    eq(ledgerAccounts.userId, userId),
    eq(ledgerAccounts.book, book),
    eq(ledgerAccounts.purpose, 'cash'),
    q.kind ? eq(journalEntries.kind, q.kind) : undefined,
    q.category ? inArray(journalEntries.kind, kindsOfCategory(q.category)) : undefined,
  );
  const from = () =>
    ctx.db
      .select({
        id: postings.id,
        kind: journalEntries.kind,
        amount: postings.amountMinor,
        balanceAfter: postings.balanceAfterMinor,
        ref: journalEntries.ref,
        createdAt: postings.createdAt,
      })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where);
  const rows = await from()
    .where(where)
    .orderBy(desc(postings.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      amount: formatMinor(r.amount, scale),
      balanceAfter: formatMinor(r.balanceAfter, scale),
      ref: r.ref,
      createdAt: r.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

/**
 * Runs inside the reset's transaction, with the demo balances it found (by purpose), before the entry: the back
 * office writes its audit row there, so a reset it ordered never exists without the row.
 */
export type DemoResetHook = (tx: Tx, before: ReadonlyMap<string, bigint>, now: Date) => Promise<void>;

/**
 * Demo cash back to exactly 100,000 USDT and every other demo account of the user emptied, in one entry
 * against the demo mint. Open demo positions are closed first (ctx.beforeDemoReset: the orders domain).
 */
export async function resetDemo(ctx: Ctx, userId: number, inReset?: DemoResetHook): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    for (const before of ctx.beforeDemoReset) await before(userId);
    if (await resetOnce(ctx, userId, inReset)) return;
  }
  // Positions kept opening between the closes and the reset: the customer may simply try again.
  throw new AppError(codes.tooManyRequests);
}

async function resetOnce(ctx: Ctx, userId: number, inReset: DemoResetHook | undefined): Promise<boolean> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const accounts = await tx
      .select({ purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.book, 'demo'),
          eq(ledgerAccounts.asset, 'USDT'),
        ),
      )
      .for('update');
    // A position opened since the hooks closed them (its entry is committed: the locks above wait for any
    // other): close it too, then again.
    for (const open of ctx.demoPositionsOpen) if (await open(tx, userId)) return false;
    const current = new Map(accounts.map((a) => [a.purpose, a.balance]));
    await inReset?.(tx, current, now);
    const lines: Line[] = [];
    for (const purpose of customerPurposes) {
      const delta = (purpose === 'cash' ? demoStartMinor : 0n) - (current.get(purpose) ?? 0n);
      if (delta !== 0n)
        lines.push({
          account: { owner: 'user', userId, book: 'demo', asset: 'USDT', purpose },
          amountMinor: delta,
        });
    }
    if (lines.length === 0) return true;
    const minted = sum(lines.map((l) => l.amountMinor));
    if (minted !== 0n) {
      lines.push({
        account: { owner: 'platform', book: 'demo', asset: 'USDT', purpose: 'demo_mint' },
        amountMinor: -minted,
      });
    }
    const result = await post(tx, { book: 'demo', kind: 'demo_reset', ref: `user:${userId}`, lines }, now);
    if (!result.ok) throw new Error('a demo reset moves accounts to their targets and cannot overdraw');
    return true;
  });
}
