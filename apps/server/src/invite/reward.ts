// The reward rule: when an invitee's first deposit is approved, the inviter's real book gets
// `invite_reward_usdt` from the platform's marketing expense, once per invitee. A follow-up of the approval
// (wallet/deposit-follow-ups.ts, wired in app.ts): it runs in the approving transaction, so the deposit, the
// reward and its notification commit together, and its accounts are locked with the deposit's.
import { and, eq, ne } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError, assert } from '../platform/errors.ts';
import { getParam } from '../settings/service.ts';
import type { AccountKey } from '../ledger/accounts.ts';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import type { ApprovedDeposit, DepositFollowUp } from '../wallet/deposit-follow-ups.ts';
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

type Due = { inviterId: number; amountMinor: bigint; cash: AccountKey; expense: AccountKey };

/**
 * Pays a reward found due. The claim, not the check before it: of two first deposits approved at once, the
 * second insert waits for the first's row, then finds the unique invitee taken and pays nothing.
 */
async function pay(tx: Tx, deposit: ApprovedDeposit, due: Due, now: Date): Promise<void> {
  const { inviterId, amountMinor } = due;
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
        { account: due.cash, amountMinor },
        { account: due.expense, amountMinor: -amountMinor },
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

/** The deposit's follow-up: a plan to pay the inviter when this is the invitee's first approved deposit. */
export const rewardInviter: DepositFollowUp = async (tx, deposit, now) => {
  const [invitee] = await tx
    .select({ invitedBy: users.invitedBy })
    .from(users)
    .where(eq(users.id, deposit.userId))
    .limit(1);
  const inviterId = invitee?.invitedBy ?? null;
  if (inviterId === null) return undefined;
  if (await approvedBefore(tx, deposit.userId, deposit.id)) return undefined;
  const amountMinor = await rewardPerInviteMinor(tx);
  if (amountMinor === 0n) return undefined;
  const due: Due = {
    inviterId,
    amountMinor,
    cash: { owner: 'user', userId: inviterId, book: 'real', asset: 'USDT', purpose: 'cash' },
    expense: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'marketing_expense' },
  };
  return { accounts: [due.cash, due.expense], run: () => pay(tx, deposit, due, now) };
};
