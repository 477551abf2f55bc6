// The reward rule: when an invitee's first deposit is approved, the inviter's real book gets
// `invite_reward_usdt` from the platform's marketing expense, once per invitee. Runs in the approving
// transaction (ctx.onDepositApproved), so the deposit, the reward and its notification commit together.
import { and, eq, ne } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError, assert } from '../platform/errors.ts';
import { getParam } from '../settings/service.ts';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import { inviteRewards } from './tables.ts';

const scale = assets.USDT.scale;

/** The reward in USDT minor units; 10018 when an operator set something that is not an amount. */
export async function rewardPerInviteMinor(db: DbOrTx): Promise<bigint> {
  const minor = tryParseDecimal((await getParam(db, 'invite_reward_usdt')).value, scale);
  if (minor === undefined || minor < 0n) throw new AppError(codes.paramsFetchFailed);
  return minor;
}

/** An earlier approved deposit of the user: this one is not the first, so it earns nothing. */
async function approvedBefore(tx: Tx, userId: number, depositId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'approved'), ne(deposits.id, depositId)))
    .limit(1);
  return rows.length > 0;
}

export async function rewardInviter(
  tx: Tx,
  deposit: { id: number; userId: number },
  now: Date,
): Promise<void> {
  const [invitee] = await tx
    .select({ invitedBy: users.invitedBy })
    .from(users)
    .where(eq(users.id, deposit.userId))
    .limit(1);
  const inviterId = invitee?.invitedBy ?? null;
  if (inviterId === null) return;
  if (await approvedBefore(tx, deposit.userId, deposit.id)) return;
  const amountMinor = await rewardPerInviteMinor(tx);
  if (amountMinor === 0n) return;
  // The claim, not a check: of two first deposits approved at once, the second insert waits for the first's
  // row, then finds the unique invitee taken and pays nothing.
  const [claimed] = await tx
    .insert(inviteRewards)
    .values({ inviteeId: deposit.userId, inviterId, depositId: deposit.id, amountMinor, createdAt: now })
    .onConflictDoNothing({ target: inviteRewards.inviteeId })
    .returning({ id: inviteRewards.id });
  if (!claimed) return;
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'invite_reward',
      ref: `invite:${deposit.userId}`,
      memo: `first deposit ${deposit.id} of invitee ${deposit.userId}`,
      lines: [
        {
          account: { owner: 'user', userId: inviterId, book: 'real', asset: 'USDT', purpose: 'cash' },
          amountMinor,
        },
        {
          account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'marketing_expense' },
          amountMinor: -amountMinor,
        },
      ],
    },
    now,
  );
  // Marketing expense is a platform account that may go negative; crediting a customer cannot overdraw.
  if (!entry.ok) throw new Error(`invite reward for user ${deposit.userId}: crediting cannot overdraw`);
  const [linked] = await tx
    .update(inviteRewards)
    .set({ entryId: entry.entryId })
    .where(eq(inviteRewards.id, claimed.id))
    .returning({ id: inviteRewards.id });
  assert(linked, 'a claimed reward keeps its entry');
  await notify(tx, inviterId, 'inviteReward', { amount: formatMinor(amountMinor, scale) }, now);
}
