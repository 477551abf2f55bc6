// A bid on a charity auction (CONTRACT.md buyNft, issue 11): checked and written inside the caller's
// idempotent transaction with the piece's row locked, so bids on one piece take turns and each sees the
// bid left by the one before — of two equal bids at once, the second finds it no longer one increment
// above and is refused with nothing moved. One ledger entry moves the bid from cash to bid hold and the
// previous leader's hold back to their cash; one entry, not two, so its accounts are locked in id order
// together and two bidders outbidding each other on two pieces cannot deadlock.
import { eq } from 'drizzle-orm';
import { codes, nftAntiSnipingMs, type Book, type BuyNftBody } from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import { AppError, assert } from '../platform/errors.ts';
import type { Tx } from '../platform/db.ts';
import { post, type Line } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { missingParams } from '../settings/setup.ts';
import { lockUser } from '../users/lock.ts';
import { assertOwnFunds } from '../loans/debt.ts';
import { nftBids, nftColumns, nfts, type NftBidRow } from './tables.ts';
import { minNextBidMinor, money, type NftFields } from './view.ts';

export type BidRequest = { userId: number; book: Book; body: BuyNftBody; now: Date };
export type BidOutcome = { bid: NftBidRow; nft: NftFields; extended: boolean };

const holdOf = (userId: number) => ({ owner: 'user', userId, book: 'real', asset: 'USDT' }) as const;

/**
 * The postings of a bid of `amountMinor` by `userId` over the piece's current leader. The leader raising
 * their own bid keeps one hold: only the difference leaves their cash (the old hold is released and the new
 * one taken, netted).
 */
function bidLines(userId: number, amountMinor: bigint, piece: NftFields): Line[] {
  const bidder = holdOf(userId);
  if (piece.leaderUserId === userId) {
    const more = amountMinor - piece.currentBidMinor;
    assert(more > 0n, 'a raise is above the bid it replaces');
    return [
      { account: { ...bidder, purpose: 'cash' }, amountMinor: -more },
      { account: { ...bidder, purpose: 'bid_hold' }, amountMinor: more },
    ];
  }
  const lines: Line[] = [
    { account: { ...bidder, purpose: 'cash' }, amountMinor: -amountMinor },
    { account: { ...bidder, purpose: 'bid_hold' }, amountMinor },
  ];
  if (piece.leaderUserId !== null) {
    const previous = holdOf(piece.leaderUserId);
    lines.push(
      { account: { ...previous, purpose: 'bid_hold' }, amountMinor: -piece.currentBidMinor },
      { account: { ...previous, purpose: 'cash' }, amountMinor: piece.currentBidMinor },
    );
  }
  return lines;
}

/**
 * Places the bid or refuses with nothing written, in this order: 10103 demo book, 10170 the charity not named
 * (a bidder donates, and must see to whom: the seeded pieces wait for it as new auctions do), 10111 unknown
 * piece, 10130 auction ended (its end passed, settled or not), 10016 below currentBid + minIncrement, 10172
 * an overdue loan, 10171 a bid that borrowed money would pay (loans/debt.ts), 10011 cash short. A bid within the last 2 minutes moves the end to 2 minutes after it (anti-sniping).
 */
export async function placeBid(tx: Tx, req: BidRequest): Promise<BidOutcome> {
  if (req.book !== 'real') throw new AppError(codes.switchToReal);
  if ((await missingParams(tx, ['charity_name'])).length > 0) throw new AppError(codes.charityNotNamed);
  // The bidder's row first (the order every money call takes), so a repayment or a loan decision waits.
  await lockUser(tx, req.userId);
  const amountMinor = tryParseDecimal(req.body.amount, assets.USDT.scale);
  assert(amountMinor !== undefined, 'amount was checked by the contract schema');
  const [piece] = await tx
    .select(nftColumns)
    .from(nfts)
    .where(eq(nfts.id, Number(req.body.nftId)))
    .for('update');
  if (!piece) throw new AppError(codes.notFound);
  const nowMs = req.now.getTime();
  if (piece.status !== 'open' || piece.endAt.getTime() <= nowMs) throw new AppError(codes.auctionEnded);
  if (amountMinor < minNextBidMinor(piece)) throw new AppError(codes.purchaseAmountWrong);
  // What leaves cash: the whole bid, or the raise over the bidder's own leading bid.
  const fromCash = piece.leaderUserId === req.userId ? amountMinor - piece.currentBidMinor : amountMinor;
  await assertOwnFunds(tx, req.userId, fromCash);

  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'nft_bid',
      ref: `nft:${piece.id}`,
      lines: bidLines(req.userId, amountMinor, piece),
    },
    req.now,
  );
  if (!entry.ok) throw new AppError(codes.insufficientBalance);
  const [bid] = await tx
    .insert(nftBids)
    .values({ nftId: piece.id, userId: req.userId, amountMinor, entryId: entry.entryId, createdAt: req.now })
    .returning();
  assert(bid, 'bid inserted');

  const extended = piece.endAt.getTime() - nowMs < nftAntiSnipingMs;
  const [updated] = await tx
    .update(nfts)
    .set({
      currentBidMinor: amountMinor,
      leaderUserId: req.userId,
      bidCount: piece.bidCount + 1,
      endAt: extended ? new Date(nowMs + nftAntiSnipingMs) : piece.endAt,
      updatedAt: req.now,
    })
    .where(eq(nfts.id, piece.id))
    .returning(nftColumns);
  assert(updated, 'the locked piece is updated');
  if (piece.leaderUserId !== null && piece.leaderUserId !== req.userId) {
    await notify(
      tx,
      piece.leaderUserId,
      'nftOutbid',
      { id: String(piece.id), name: piece.name, amount: money(piece.currentBidMinor) },
      req.now,
    );
  }
  return { bid, nft: updated, extended };
}
