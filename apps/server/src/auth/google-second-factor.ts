// Google sign-in with two-factor on (issue 25): Google proves the account, not the customer's second factor,
// so a new device answers 10113 like a password sign-in does. The claimed flow keeps whom it resolved to for
// a few minutes; the client posts the flow's state again with the code, and the sign-in finishes once.
import { and, eq, gt } from 'drizzle-orm';
import { codes, userStatuses, type SessionResult } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { users, type UserRow } from '../users/tables.ts';
import { isKnownDevice } from './devices.ts';
import { assertSecondFactor, secondFactorsOf } from './second-factor.ts';
import { signIn, type SignInClient } from './sign-in.ts';
import { googleFlows } from './tables.ts';

/** How long the customer has to enter the code after Google answered. */
const pendingTtlMs = 5 * 60_000;

/**
 * Before a Google sign-in opens a session: a customer with a second factor on a device not known is held on
 * the claimed flow `state` and answered 10113 with the factors; anyone else passes.
 */
export async function holdForSecondFactor(
  ctx: Ctx,
  state: string,
  user: UserRow,
  client: SignInClient,
): Promise<void> {
  if (await isKnownDevice(ctx.db, user.id, client.deviceToken)) return;
  const factors = await secondFactorsOf(ctx.db, user.id);
  if (factors.length === 0) return;
  await ctx.db
    .update(googleFlows)
    .set({ pendingUserId: user.id, pendingUntil: new Date(ctx.clock.now() + pendingTtlMs) })
    .where(eq(googleFlows.state, state));
  throw new AppError(codes.totpRequired, {}, undefined, { secondFactor: factors });
}

/**
 * Finishes the held sign-in of flow `state` with the customer's code. The flow is released and the code
 * accepted in one transaction: a wrong code (10165) rolls back and leaves the flow held (the login window
 * bounds the guesses); a right one uses both up, so the flow finishes once. Unknown, finished or expired:
 * 10035, as any spent flow answers.
 */
export async function finishHeldGoogleSignIn(
  ctx: Ctx,
  state: string,
  otp: string,
  client: SignInClient,
): Promise<SessionResult> {
  const user = await ctx.db.transaction(async (tx) => {
    const [held] = await tx
      .update(googleFlows)
      // Whom it held stays on the row (it names the login window later steps of this state count in).
      .set({ pendingUntil: null })
      .where(and(eq(googleFlows.state, state), gt(googleFlows.pendingUntil, new Date(ctx.clock.now()))))
      .returning({ userId: googleFlows.pendingUserId });
    if (!held?.userId) throw new AppError(codes.googleLoginFailed);
    const [row] = await tx.select().from(users).where(eq(users.id, held.userId)).limit(1);
    if (!row) throw new AppError(codes.googleLoginFailed);
    if (row.status !== userStatuses.enabled) throw new AppError(codes.userStatusAbnormal);
    await assertSecondFactor(ctx, tx, row, { otp });
    return row;
  });
  return signIn(ctx, user, client);
}

/**
 * The account a code step counts against in the loginByGoogle window: the held customer (named as
 * auth/login-window.ts names them), so starting new flows buys no fresh guesses at their code.
 */
export async function heldWindowKey(db: DbOrTx, state: string): Promise<string> {
  const [flow] = await db
    .select({ userId: googleFlows.pendingUserId })
    .from(googleFlows)
    .where(eq(googleFlows.state, state))
    .limit(1);
  return flow?.userId ? `user:${flow.userId}` : `google:${state}`;
}
