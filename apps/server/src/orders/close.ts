// Closing a contract, by its owner or by the settlement engine (DESIGN.md §5): margin ± P&L back to cash
// against the platform's trading account, in one entry, in the transaction that turns the row from open to
// closed. The row is locked first, so a manual close and the engine (or two engines) take turns and only
// the first closes; the second finds it closed and writes nothing.
import { eq } from 'drizzle-orm';
import { netPnlMinor, type CloseReason } from '@tradewind/contract/orders-math';
import { assets, formatMinor } from '@tradewind/contract/money';
import type { Tx } from '../platform/db.ts';
import { assert } from '../platform/errors.ts';
import { post, type Line } from '../ledger/post.ts';
import type { KeptTick } from '../market/tape.ts';
import { notify, type NotificationKind } from '../notifications/service.ts';
import { pnlAtMinor } from './spec.ts';
import { optionOrders, type OptionOrderRow } from './tables.ts';

export type CloseRequest = {
  id: number;
  tick: KeptTick;
  reason: CloseReason;
  now: Date;
  /** The instrument's display name, for the notification of a close the customer did not ask for. */
  appName: string;
};

// The contractClosed* kinds of earlier notifications lack the book and the net result; rows of theirs keep
// rendering with their own texts, new closes are written with these.
const notices: Record<Exclude<CloseReason, 'manual'>, NotificationKind> = {
  tp: 'contractSettledTp',
  sl: 'contractSettledSl',
  expiry: 'contractSettledExpiry',
  margin: 'contractSettledMargin',
};

const usdtText = (minor: bigint) => formatMinor(minor, assets.USDT.scale);

/**
 * What a close notification names: the book and the direction (as keys, worded in the reader's language),
 * the closing price, and the result after the opening fee beside the P&L and the fee.
 */
function closeNoticeParams(row: OptionOrderRow, appName: string, priceMinor: bigint, pnlMinor: bigint) {
  const net = netPnlMinor(pnlMinor, row.feeMinor);
  return {
    orderNo: row.orderNo,
    book: row.book === 'real' ? 'real' : 'demo',
    instrument: appName,
    direction: row.direction === 'down' ? 'down' : 'up',
    price: formatMinor(priceMinor, row.priceScale, row.priceScale),
    net: net > 0n ? `+${usdtText(net)}` : usdtText(net),
    pnl: usdtText(pnlMinor),
    fee: usdtText(row.feeMinor),
  };
}

/**
 * Closes the contract at `tick` inside the caller's transaction. Answers the row as it stands after: closed
 * by this call, or already closed before it (then unchanged, nothing posted). Undefined: no such contract.
 */
export async function closeContract(
  tx: Tx,
  req: CloseRequest,
): Promise<{ row: OptionOrderRow; closedNow: boolean } | undefined> {
  const [row] = await tx.select().from(optionOrders).where(eq(optionOrders.id, req.id)).for('update');
  if (!row) return undefined;
  if (row.status !== 'open') return { row, closedNow: false };

  const pnl = pnlAtMinor(row, req.tick.priceMinor);
  const book = row.book === 'real' ? 'real' : 'demo';
  const user = { owner: 'user', userId: row.userId, book, asset: 'USDT' } as const;
  const lines: Line[] = [
    { account: { ...user, purpose: 'margin' }, amountMinor: -row.marginMinor },
    { account: { ...user, purpose: 'cash' }, amountMinor: row.marginMinor + pnl },
    { account: { owner: 'platform', book, asset: 'USDT', purpose: 'trading_pnl' }, amountMinor: -pnl },
  ].filter((l) => l.amountMinor !== 0n) as Line[];
  const entry = await post(tx, { book, kind: 'contract_close', ref: `contract:${row.id}`, lines }, req.now);
  // Cash only grows (margin + P&L ≥ 0 by the cap) and the margin account holds at least this margin.
  assert(entry.ok, `closing contract ${row.id} cannot overdraw`);

  const [closed] = await tx
    .update(optionOrders)
    .set({
      status: 'closed',
      closePriceMinor: req.tick.priceMinor,
      closeTickId: Number(req.tick.tickId),
      closeAt: new Date(req.tick.atMs),
      closeReason: req.reason,
      pnlMinor: pnl,
      closeEntryId: entry.entryId,
      closedAt: req.now,
    })
    .where(eq(optionOrders.id, row.id))
    .returning();
  assert(closed, `contract ${row.id} closed`);
  if (req.reason !== 'manual') {
    const params = closeNoticeParams(row, req.appName, req.tick.priceMinor, pnl);
    await notify(tx, row.userId, notices[req.reason], params, req.now);
  }
  return { row: closed, closedNow: true };
}
