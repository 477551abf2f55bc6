// The daily interest (DESIGN.md §5, issue 10): day n of an order is paid at start + n days, from the
// platform's yield expense to the customer's cash, exactly once — the unique (order, day) key of
// smart_interest_payments is written in the transaction of the ledger entry, so a second runner (a restart,
// two leaders at once) finds the day paid and writes nothing. The last day also brings the principal back
// (status completed) and, with auto-renew on, opens the next order of the same plan at the rate then in force.
import { eq, sql } from 'drizzle-orm';
import { assets, formatMinor } from '@tradewind/contract/money';
import { dailyRatePercent, dayMs, earningAtMs, interestOfDayMinor } from '@tradewind/contract/smart-math';
import { assert } from '../platform/errors.ts';
import { queryRows, type Db, type Tx } from '../platform/db.ts';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { ownFundsRefusal } from '../loans/debt.ts';
import { amountAllowed, openOrder } from './buy.ts';
import { planOf } from './products.ts';
import { smartInterestPayments, smartOrders, type SmartOrderRow } from './tables.ts';

const money = (minor: bigint) => formatMinor(minor, assets.USDT.scale);

/** Thrown to roll back a day's entry when its key was taken meanwhile (the row lock makes this a backstop). */
class AlreadyPaid extends Error {}

export type Due = { orderId: number; day: number };

/**
 * Earning orders with a day due by `nowMs` that is not yet paid, and the first such day of each: at most
 * `limit` orders, oldest first.
 */
export async function dueDays(tx: Tx, nowMs: number, limit: number): Promise<Due[]> {
  const now = new Date(nowMs).toISOString();
  const rows = await queryRows<{ id: string; day: number }>(
    tx,
    sql`select o.id::text as id, coalesce(max(p.day), 0)::int + 1 as day
      from smart_orders o left join smart_interest_payments p on p.order_id = o.id
      where o.status = 'earning' and o.start_at <= ${now}::timestamptz - interval '24 hours'
      group by o.id, o.start_at, o.days
      having coalesce(max(p.day), 0) < least(o.days,
        floor(extract(epoch from (${now}::timestamptz - o.start_at)) * 1000 / ${dayMs}))
      order by o.start_at, o.id
      limit ${limit}`,
  );
  return rows.map((r) => ({ orderId: Number(r.id), day: Number(r.day) }));
}

/**
 * Pays day `day` of the order in the caller's transaction if it is due by `nowMs` and unpaid; on the last day
 * also matures it. Answers whether this call paid it.
 */
export async function payDay(tx: Tx, orderId: number, day: number, nowMs: number): Promise<boolean> {
  const [row] = await tx.select().from(smartOrders).where(eq(smartOrders.id, orderId)).for('update');
  if (!row || row.status !== 'earning' || day < 1 || day > row.days) return false;
  const dueAtMs = earningAtMs(row.startAt.getTime(), day);
  if (dueAtMs > nowMs) return false;
  const now = new Date(nowMs);
  const amount = interestOfDayMinor(row.amountMinor, BigInt(row.dailyRateE8), day);
  let entryId: number | null = null;
  if (amount > 0n) {
    const entry = await post(
      tx,
      {
        book: 'real',
        kind: 'smart_interest',
        ref: `smart:${row.id}`,
        memo: `day ${day} of ${row.days}`,
        lines: [
          {
            account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'yield_expense' },
            amountMinor: -amount,
          },
          {
            account: { owner: 'user', userId: row.userId, book: 'real', asset: 'USDT', purpose: 'cash' },
            amountMinor: amount,
          },
        ],
      },
      now,
    );
    assert(entry.ok, 'interest only credits a customer');
    entryId = entry.entryId;
  }
  const inserted = await tx
    .insert(smartInterestPayments)
    .values({ orderId: row.id, day, amountMinor: amount, dueAt: new Date(dueAtMs), entryId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: smartInterestPayments.id });
  if (inserted.length === 0) throw new AlreadyPaid();
  await notify(
    tx,
    row.userId,
    'smartInterestPaid',
    { id: String(row.id), day: String(day), days: String(row.days), amount: money(amount) },
    now,
  );
  if (day === row.days) await mature(tx, row, now);
  return true;
}

/** The principal back to cash, status completed, and with auto-renew the next order of the same plan. */
async function mature(tx: Tx, row: SmartOrderRow, now: Date): Promise<void> {
  const [paid] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from smart_interest_payments where order_id = ${row.id}`,
  );
  assert(Number(paid?.n) === row.days, `every day of smart order ${row.id} is paid before maturity`);
  const user = { owner: 'user', userId: row.userId, book: 'real', asset: 'USDT' } as const;
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'smart_maturity',
      ref: `smart:${row.id}`,
      lines: [
        { account: { ...user, purpose: 'plan_principal' }, amountMinor: -row.amountMinor },
        { account: { ...user, purpose: 'cash' }, amountMinor: row.amountMinor },
      ],
    },
    now,
  );
  assert(entry.ok, `maturing smart order ${row.id} cannot overdraw`);
  await tx
    .update(smartOrders)
    .set({ status: 'completed', closeEntryId: entry.entryId, closedAt: now })
    .where(eq(smartOrders.id, row.id));
  await notify(
    tx,
    row.userId,
    'smartMatured',
    { id: String(row.id), amount: money(row.amountMinor), interest: money(row.totalInterestMinor) },
    now,
  );
  if (row.autoRenew) await renew(tx, row, now);
}

/**
 * The same product and days, the same principal, at the plan's rate in force now, starting at the maturity
 * (so its days keep the same anniversary). A plan no longer offered, an amount now outside min..max, or a
 * customer whose loan the principal would have to fund, is not renewed: the principal stays in cash and the
 * customer is told.
 */
async function renew(tx: Tx, old: SmartOrderRow, now: Date): Promise<void> {
  const { product, plan } = await planOf(tx, old.productId, old.days);
  // Borrowed money does not buy yield (loans/debt.ts): a customer owing on a loan renews from own funds only.
  const borrowed = await ownFundsRefusal(tx, old.userId, old.amountMinor);
  const renewed =
    !borrowed && product?.enabled && plan && amountAllowed(product, old.amountMinor)
      ? await openOrder(tx, {
          userId: old.userId,
          product,
          plan,
          amountMinor: old.amountMinor,
          startAt: old.maturityAt,
          autoRenew: true,
          renewedFromId: old.id,
          now,
        })
      : undefined;
  if (!renewed) {
    await notify(
      tx,
      old.userId,
      'smartRenewSkipped',
      { id: String(old.id), amount: money(old.amountMinor) },
      now,
    );
    return;
  }
  await notify(
    tx,
    old.userId,
    'smartRenewed',
    {
      id: String(renewed.id),
      previousId: String(old.id),
      amount: money(renewed.amountMinor),
      days: String(renewed.days),
      rate: dailyRatePercent(BigInt(renewed.dailyRateE8)),
    },
    now,
  );
}

export type RunResult = { paid: number };

/**
 * Pays every day due by `nowMs`, oldest first, one day per transaction, catching up any number of missed
 * days (a renewal that itself fell due while nobody ran is paid in a later round). Bounded by `maxRounds`.
 */
export async function runDue(
  db: Db,
  nowMs: number,
  opts: { batch?: number; maxRounds?: number; onError?: (err: unknown, due: Due) => void } = {},
): Promise<RunResult> {
  let paid = 0;
  for (let round = 0; round < (opts.maxRounds ?? 1000); round++) {
    const due = await db.transaction((tx) => dueDays(tx, nowMs, opts.batch ?? 200));
    if (due.length === 0) break;
    let progressed = false;
    for (const d of due) {
      try {
        if (await db.transaction((tx) => payDay(tx, d.orderId, d.day, nowMs))) paid++;
        progressed = true;
      } catch (err) {
        if (err instanceof AlreadyPaid) {
          progressed = true;
          continue;
        }
        opts.onError?.(err, d);
      }
    }
    if (!progressed) break;
  }
  return { paid };
}
