// The invite programme (CONTRACT.md "User" inviteInfo; issue 11): the customer's code and link, the people
// who signed up with it, and the rewards their first deposits earned.
import { z } from 'zod';
import { decimalString } from './common.ts';

/** At most this many invitees are listed, newest first; `invitedCount` counts them all. */
export const inviteesShownMax = 100;

export const invitee = z.object({
  /** The invitee's user name masked to its first letters ("al***"): the inviter learns no account name. */
  name: z.string(),
  joinedAt: z.number().int(),
  /** Whether the invitee's first deposit has earned the inviter the reward. */
  rewarded: z.boolean(),
});
export type Invitee = z.infer<typeof invitee>;

export const inviteInfo = z.object({
  inviteCode: z.string(),
  /** PUBLIC_URL/pass/register?invite=<code>: the sign-up page with the code filled in. */
  inviteUrl: z.string(),
  invitedCount: z.number().int().min(0),
  /** USDT paid to this user's real book for invitees so far. */
  rewardTotal: decimalString,
  /** USDT the next invitee's first deposit earns (the `invite_reward_usdt` parameter). */
  rewardPerInvite: decimalString,
  invitees: z.array(invitee).max(inviteesShownMax),
});
export type InviteInfo = z.infer<typeof inviteInfo>;
