// inviteInfo: the customer's invite code and link, the people who signed up with it, and what they earned.
import { and, count, desc, eq, isNotNull, sum } from 'drizzle-orm';
import { inviteesShownMax, type InviteInfo, type Invitee } from '@tradewind/contract';
import { assets, formatMinor } from '@tradewind/contract/money';
import type { Ctx } from '../platform/context.ts';
import { assert } from '../platform/errors.ts';
import { users } from '../users/tables.ts';
import { inviteRewards } from './tables.ts';
import { rewardPerInviteMinor } from './reward.ts';

const scale = assets.USDT.scale;

/**
 * "alice" → "al***": enough for the inviter to recognise a friend, not the account name. A name of one or two
 * letters keeps only the first, so no name is shown whole.
 */
export function maskName(userName: string): string {
  const letters = [...userName];
  return `${letters.slice(0, letters.length > 2 ? 2 : 1).join('')}***`;
}

export const inviteUrlOf = (publicUrl: string, inviteCode: string): string =>
  `${publicUrl}/pass/register?${new URLSearchParams({ invite: inviteCode }).toString()}`;

export async function inviteInfo(ctx: Ctx, userId: number): Promise<InviteInfo> {
  const [me] = await ctx.db
    .select({ inviteCode: users.inviteCode })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  assert(me, 'a signed-in customer exists');
  const [invited] = await ctx.db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
  const [rewards] = await ctx.db
    .select({ total: sum(inviteRewards.amountMinor) })
    .from(inviteRewards)
    .where(and(eq(inviteRewards.inviterId, userId), isNotNull(inviteRewards.entryId)));
  const rows = await ctx.db
    .select({ userName: users.userName, createdAt: users.createdAt, rewardId: inviteRewards.id })
    .from(users)
    .leftJoin(inviteRewards, eq(inviteRewards.inviteeId, users.id))
    .where(eq(users.invitedBy, userId))
    .orderBy(desc(users.id))
    .limit(inviteesShownMax);
  const invitees: Invitee[] = rows.map((r) => ({
    name: maskName(r.userName),
    joinedAt: r.createdAt.getTime(),
    rewarded: r.rewardId !== null,
  }));
  return {
    inviteCode: me.inviteCode,
    inviteUrl: inviteUrlOf(ctx.config.publicUrl, me.inviteCode),
    invitedCount: invited?.n ?? 0,
    rewardTotal: formatMinor(BigInt(rewards?.total ?? '0'), scale),
    rewardPerInvite: formatMinor(await rewardPerInviteMinor(ctx.db), scale),
    invitees,
  };
}
