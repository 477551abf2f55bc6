// Settling ended auctions (issue 11): at its end a piece goes to the highest bidder, whose hold moves to
// the platform's charity payable account and is recorded as a donation; with no bid it closes unsold.
// Exactly once: the piece's row is locked and the transition is a conditional update (status still open,
// end passed), and nft_donations is unique per piece, so a second runner — a restart, a second leader —
// finds the piece settled and writes nothing. Anything ended while nobody ran is settled by the next run.
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db.ts';
import { assert } from '../platform/errors.ts';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { nftColumns, nftDonations, nfts } from './tables.ts';
import { money } from './view.ts';

export type Settled = 'sold' | 'unsold';

/** Open pieces whose end has passed by `nowMs`, the earliest first, at most `limit`. */
export async function dueAuctions(db: Db, nowMs: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.status, 'open'), lte(nfts.endAt, new Date(nowMs))))
    .orderBy(asc(nfts.endAt), asc(nfts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Settles piece `id` in the caller's transaction if it is open and ended by `nowMs`; what it became. */
export async function settleAuction(tx: Tx, id: number, nowMs: number): Promise<Settled | undefined> {
  const [piece] = await tx.select(nftColumns).from(nfts).where(eq(nfts.id, id)).for('update');
  if (!piece || piece.status !== 'open' || piece.endAt.getTime() > nowMs) return undefined;
  const now = new Date(nowMs);
  const stillOpen = and(eq(nfts.id, id), eq(nfts.status, 'open'));
  if (piece.leaderUserId === null) {
    const closed = await tx
      .update(nfts)
      .set({ status: 'unsold', settledAt: now, updatedAt: now })
      .where(stillOpen)
      .returning({ id: nfts.id });
    return closed.length === 1 ? 'unsold' : undefined;
  }
  const winner = piece.leaderUserId;
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'nft_settle',
      ref: `nft:${id}`,
      lines: [
        {
          account: { owner: 'user', userId: winner, book: 'real', asset: 'USDT', purpose: 'bid_hold' },
          amountMinor: -piece.currentBidMinor,
        },
        {
          account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'charity_payable' },
          amountMinor: piece.currentBidMinor,
        },
      ],
    },
    now,
  );
  assert(entry.ok, `the winning hold of nft ${id} is on the winner's bid hold`);
  const sold = await tx
    .update(nfts)
    .set({
      status: 'sold',
      winnerUserId: winner,
      settledAt: now,
      settleEntryId: entry.entryId,
      updatedAt: now,
    })
    .where(stillOpen)
    .returning({ id: nfts.id });
  assert(sold.length === 1, `the locked nft ${id} is still open`);
  await tx
    .insert(nftDonations)
    .values({ nftId: id, amountMinor: piece.currentBidMinor, entryId: entry.entryId, createdAt: now });
  await notify(
    tx,
    winner,
    'nftWon',
    { id: String(id), name: piece.name, amount: money(piece.currentBidMinor) },
    now,
  );
  return 'sold';
}

export type SettleResult = { sold: number; unsold: number };

/**
 * Settles every auction ended by `nowMs`, one per transaction, in batches; a piece that fails is logged and
 * left for the next run (the others still settle). Bounded by `maxRounds` batches.
 */
export async function settleDue(
  db: Db,
  nowMs: number,
  opts: { batch?: number; maxRounds?: number; onError?: (err: unknown, id: number) => void } = {},
): Promise<SettleResult> {
  const result: SettleResult = { sold: 0, unsold: 0 };
  const failed = new Set<number>();
  for (let round = 0; round < (opts.maxRounds ?? 100); round++) {
    const due = (await dueAuctions(db, nowMs, (opts.batch ?? 100) + failed.size)).filter(
      (id) => !failed.has(id),
    );
    if (due.length === 0) break;
    for (const id of due) {
      try {
        const settled = await db.transaction((tx) => settleAuction(tx, id, nowMs));
        if (settled) result[settled]++;
      } catch (err) {
        failed.add(id);
        opts.onError?.(err, id);
      }
    }
  }
  return result;
}
