// Deposits (DESIGN.md §5): a claim with proof posts nothing; finance approves (credit cash once, from
// deposits clearing) or rejects (a reason, nothing posted). Rate and coin amount are locked at claim.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  codes,
  depositStatuses,
  type Deposit,
  type DepositReviewItem,
  type DepositStatus,
  type Page,
  type RechargeFields,
} from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { assets, formatMinor, roundUp, tryParseDecimal } from '@tradewind/contract/money';
import { discardUploads, saveUploads, uploadUrl, type PreparedImage } from '../platform/uploads.ts';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { writeAudit, type AdminIdentity } from '../admin/service.ts';
import type { ReviewHandler, ReviewQuery } from '../admin/reviews.ts';
import { users } from '../users/tables.ts';
import { depositChannels } from './channels-tables.ts';
import { channelAsset, channelName, coinScale, depositRateMinor } from './channels.ts';
import { deposits, type DepositRow } from './deposits-tables.ts';

const usdtScale = assets.USDT.scale;
/** The largest single claim, in USDT: bounds the arithmetic and catches a misplaced decimal point. */
export const depositAmountMax = 10_000_000n * 10n ** BigInt(usdtScale);

/**
 * The coin amount to send for `amountMinor` USDT at `rateMinor` USDT per coin, in the coin's minor units,
 * rounded up: payAmount × rate ≥ amount, short of it by less than one coin minor unit's worth. The
 * credit on approval is `amountMinor` exactly.
 */
export function payAmountMinor(amountMinor: bigint, rateMinor: bigint, coinScaleDigits: number): bigint {
  return roundUp(amountMinor * 10n ** BigInt(coinScaleDigits), rateMinor);
}

const isStatus = (s: string): s is DepositStatus => (depositStatuses as readonly string[]).includes(s);

export function depositView(row: DepositRow): Deposit {
  const asset = channelAsset(row);
  return {
    id: String(row.id),
    channelId: String(row.channelId),
    asset,
    network: row.network,
    amount: formatMinor(row.amountMinor, usdtScale),
    payAmount: formatMinor(row.payAmountMinor, coinScale(asset)),
    rate: formatMinor(row.rateMinor, usdtScale),
    txHash: row.txHash,
    status: isStatus(row.status) ? row.status : 'pending',
    ...(row.reason === null ? {} : { reason: row.reason }),
    createdAt: row.createdAt.getTime(),
    ...(row.reviewedAt === null ? {} : { reviewedAt: row.reviewedAt.getTime() }),
  };
}

/**
 * Records a claim inside the idempotency transaction: the channel's rate is locked, the coin amount
 * computed and checked against the channel minimum (10109), the proof stored. Nothing is posted.
 */
export async function claimDeposit(
  ctx: Ctx,
  tx: Tx,
  userId: number,
  input: RechargeFields,
  proof: PreparedImage,
): Promise<Deposit> {
  const now = new Date(ctx.clock.now());
  const amountMinor = tryParseDecimal(input.amount, usdtScale);
  if (amountMinor === undefined || amountMinor <= 0n || amountMinor > depositAmountMax) {
    throw new AppError(codes.paramsEmpty, {}, { amount: { key: 'invalid' } });
  }
  const [channel] = await tx
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.id, Number(input.channelId)), eq(depositChannels.enabled, true)))
    .limit(1);
  if (!channel) throw new AppError(codes.notFound);
  const asset = channelAsset(channel);
  const rateMinor = depositRateMinor(channel);
  const pay = payAmountMinor(amountMinor, rateMinor, coinScale(asset));
  if (pay < channel.minAmountMinor) {
    throw new AppError(codes.belowMinDeposit, {
      name: channelName(channel),
      limit: formatMinor(channel.minAmountMinor, coinScale(asset)),
    });
  }
  const [taken] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.network, channel.network),
        sql`lower(${deposits.txHash}) = ${input.txHash.toLowerCase()}`,
        sql`${deposits.status} <> 'rejected'`,
      ),
    )
    .limit(1);
  if (taken) throw new AppError(codes.paramsEmpty, {}, { txHash: { key: 'txHashUsed' } });

  const [proofName] = await saveUploads(tx, ctx, { userId, purpose: 'deposit_proof' }, [proof], now);
  assert(proofName, 'proof stored');
  const [row] = await tx
    .insert(deposits)
    .values({
      userId,
      channelId: channel.id,
      asset,
      network: channel.network,
      address: channel.address,
      amountMinor,
      payAmountMinor: pay,
      rateMinor,
      txHash: input.txHash,
      last6: input.last6 ?? null,
      proofName,
      createdAt: now,
    })
    .returning()
    .catch(async (err: unknown) => {
      await discardUploads(ctx, [proofName]);
      // Two claims of one hash at once: the second waits on the unique index, then lands here.
      if (isViolationOf(err, 'deposits_tx_hash_live')) {
        throw new AppError(codes.paramsEmpty, {}, { txHash: { key: 'txHashUsed' } });
      }
      throw err;
    });
  assert(row, 'deposit inserted');
  return depositView(row);
}

function isViolationOf(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
    if (String((e as { message?: unknown }).message ?? '').includes(constraint)) return true;
  }
  return false;
}

/** The caller's own deposits, newest first. */
export async function listDeposits(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<Page<Deposit>> {
  const mine = eq(deposits.userId, userId);
  const [total] = await db.select({ n: count() }).from(deposits).where(mine);
  const rows = await db
    .select()
    .from(deposits)
    .where(mine)
    .orderBy(desc(deposits.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map(depositView), total: total?.n ?? 0, page: q.page, size: q.size };
}

type ReviewRow = { deposit: DepositRow; user: { id: number; userName: string; email: string } };

function reviewView({ deposit, user }: ReviewRow): DepositReviewItem {
  return {
    ...depositView(deposit),
    user: { id: String(user.id), userName: user.userName, email: user.email },
    channelName: channelName(deposit),
    address: deposit.address,
    last6: deposit.last6,
    proofUrl: uploadUrl(deposit.proofName),
    reviewedBy: deposit.reviewedBy === null ? null : String(deposit.reviewedBy),
    entryId: deposit.entryId === null ? null : String(deposit.entryId),
  };
}

const reviewSelect = (db: DbOrTx) =>
  db
    .select({ deposit: deposits, user: { id: users.id, userName: users.userName, email: users.email } })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId));

async function listForReview(ctx: Ctx, q: ReviewQuery): Promise<Page<DepositReviewItem>> {
  if (q.status !== undefined && !isStatus(q.status)) {
    throw new AppError(codes.paramsEmpty, {}, { status: { key: 'invalid' } });
  }
  const where = q.status === undefined ? undefined : eq(deposits.status, q.status);
  const [total] = await ctx.db.select({ n: count() }).from(deposits).where(where);
  const rows = await reviewSelect(ctx.db)
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map(reviewView), total: total?.n ?? 0, page: q.page, size: q.size };
}

/**
 * Moves a pending deposit to `status`. The `where status = 'pending'` makes the decision exactly once:
 * a second approval (or a concurrent one, which waits on the row lock) finds nothing to update.
 */
async function decide(tx: Tx, id: number, set: Partial<typeof deposits.$inferInsert>): Promise<DepositRow> {
  const [row] = await tx
    .update(deposits)
    .set(set)
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
    .returning();
  if (row) return row;
  const [exists] = await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, id)).limit(1);
  throw new AppError(exists ? codes.collectionStatusWrong : codes.notFound);
}

async function reviewed(tx: Tx, id: number): Promise<DepositReviewItem> {
  const [row] = await reviewSelect(tx).where(eq(deposits.id, id)).limit(1);
  assert(row, 'reviewed deposit exists');
  return reviewView(row);
}

/** Approval: status, ledger entry (deposits clearing → customer cash), audit and notification in one transaction. */
async function approve(ctx: Ctx, admin: AdminIdentity, id: number, note: string | undefined) {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    // The row lock makes a concurrent approval wait, then see the decision and stop.
    const [pending] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    if (!pending) throw new AppError(codes.notFound);
    if (pending.status !== 'pending') throw new AppError(codes.collectionStatusWrong);
    const view = depositView(pending);
    const entry = await post(
      tx,
      {
        book: 'real',
        kind: 'deposit',
        ref: `deposit:${id}`,
        memo: `${view.payAmount} ${view.asset} (${view.network}) at ${view.rate} USDT, tx ${pending.txHash}`,
        lines: [
          {
            account: { owner: 'user', userId: pending.userId, book: 'real', asset: 'USDT', purpose: 'cash' },
            amountMinor: pending.amountMinor,
          },
          {
            account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'deposits_clearing' },
            amountMinor: -pending.amountMinor,
          },
        ],
      },
      now,
    );
    if (!entry.ok) throw new Error('crediting a customer cannot overdraw');
    const row = await decide(tx, id, {
      status: 'approved',
      reviewedBy: admin.id,
      reviewedAt: now,
      entryId: entry.entryId,
    });
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'deposit.approve',
        target: `deposit:${id}`,
        before: view,
        after: depositView(row),
        reason: note ?? null,
      },
      now,
    );
    await notify(tx, row.userId, 'depositApproved', { amount: formatMinor(row.amountMinor, usdtScale) }, now);
    return reviewed(tx, id);
  });
}

async function reject(ctx: Ctx, admin: AdminIdentity, id: number, reason: string) {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const row = await decide(tx, id, { status: 'rejected', reason, reviewedBy: admin.id, reviewedAt: now });
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'deposit.reject',
        target: `deposit:${id}`,
        after: depositView(row),
        reason,
      },
      now,
    );
    await notify(
      tx,
      row.userId,
      'depositRejected',
      { amount: formatMinor(row.amountMinor, usdtScale), reason },
      now,
    );
    return reviewed(tx, id);
  });
}

export const depositReviews: ReviewHandler = {
  permission: 'reviewMoney',
  list: listForReview,
  approve,
  reject,
};
