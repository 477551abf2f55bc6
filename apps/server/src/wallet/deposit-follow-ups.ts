// What other domains do in the approving transaction of a deposit (invite: the inviter's reward), wired by
// hand in app.ts. Two steps, so that the approval can lock every ledger account it and its follow-ups post
// to in one pass before anything is posted (ledger/post.ts lockAccounts), and two approvals at once take
// their locks in one order. Locked only when the reward posted, after the deposit's own accounts, an
// inviter's and an invitee's first deposits approved together deadlocked (invite/reward-concurrency.test.ts).
import type { Tx } from '../platform/db.ts';
import type { AccountKey } from '../ledger/accounts.ts';

export type ApprovedDeposit = { id: number; userId: number };

/** What a follow-up will do: the accounts it posts to, and the work, run once the deposit is posted. */
export type FollowUpPlan = { accounts: AccountKey[]; run: () => Promise<void> };

/** Decides, before the deposit posts, whether there is anything to do; undefined when there is not. */
export type DepositFollowUp = (
  tx: Tx,
  deposit: ApprovedDeposit,
  now: Date,
) => Promise<FollowUpPlan | undefined>;
