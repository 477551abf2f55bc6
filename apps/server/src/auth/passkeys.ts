// Customers' passkeys (WebAuthn, issue 25) through @simplewebauthn/server: adding one from the security page,
// signing in with one instead of a password (it proves possession and, with user verification, the person:
// both factors), listing and removing them. The relying party is PUBLIC_URL: its host is the rpID and its
// origin the only origin accepted. Every challenge is kept server-side and claimed once, while fresh, by the
// ceremony it was issued for.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { codes, userStatuses, type PasskeyView, type SessionResult } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { verifyPassword } from '../platform/passwords.ts';
import type { Ctx } from '../platform/context.ts';
import { users, type UserRow } from '../users/tables.ts';
import { signIn, type SignInClient } from './sign-in.ts';
import { assertSecondFactor } from './second-factor.ts';
import { customerPasskeys, passkeyChallenges } from './tables.ts';

type Purpose = 'register' | 'login' | 'stepUp';

/** How long a ceremony may take between its options and its answer (the browser's timeout too). */
const challengeTtlMs = 5 * 60_000;
/** Issued challenges are kept this long (then pruned), so a late replay still finds its challenge used. */
const challengeKeepMs = 60 * 60_000;

/** The relying party PUBLIC_URL names: passkeys made on another host or origin are refused. */
export function relyingParty(ctx: Pick<Ctx, 'config'>) {
  const url = new URL(ctx.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Tradewind' };
}

const invalid = () => new AppError(codes.passkeyInvalid);

async function issueChallenge(ctx: Ctx, purpose: Purpose, userId: number | null, challenge: string) {
  const now = ctx.clock.now();
  await ctx.db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.createdAt, new Date(now - challengeKeepMs)));
  await ctx.db.insert(passkeyChallenges).values({ challenge, purpose, userId, createdAt: new Date(now) });
}

/**
 * Claims the challenge the browser signed (read from clientDataJSON) for `purpose` and `userId`: once, while
 * fresh. A failed verification after the claim still spends it, so each challenge is tried at most once.
 */
async function claimChallenge(
  ctx: Ctx,
  clientDataJSON: string,
  purpose: Purpose,
  userId: number | null,
): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (
      JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }
    ).challenge;
  } catch {
    throw invalid();
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 256) throw invalid();
  const now = ctx.clock.now();
  const claimed = await ctx.db
    .update(passkeyChallenges)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.createdAt, new Date(now - challengeTtlMs)),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  if (claimed.length === 0) throw invalid();
  return challenge;
}

async function passkeysOf(ctx: Ctx, userId: number) {
  return ctx.db
    .select()
    .from(customerPasskeys)
    .where(eq(customerPasskeys.userId, userId))
    .orderBy(asc(customerPasskeys.id));
}

const descriptorOf = (row: { credentialId: string; transports: string }) => ({
  id: row.credentialId,
  transports: JSON.parse(row.transports) as string[],
});

async function userById(ctx: Ctx, userId: number): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw invalid();
  return user;
}

async function assertPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(codes.passwordIncorrect);
}

/** Passkey options as the wire carries them: a plain object the contract's loose schema accepts. */
export type PasskeyOptions = Record<string, unknown> & { challenge: string };

/** Options for adding a passkey: a discoverable credential with user verification, none already held. */
export async function registrationOptions(
  ctx: Ctx,
  userId: number,
  proof: { password: string; otp?: string | undefined },
): Promise<PasskeyOptions> {
  const user = await userById(ctx, userId);
  await assertPassword(user, proof.password);
  await assertSecondFactor(ctx, ctx.db, user, { otp: proof.otp });
  const { rpID, rpName } = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.userName,
    // The user handle: the same for every passkey of the account, so an authenticator keeps one per account.
    userID: new TextEncoder().encode(`tw-customer-${user.id}`),
    timeout: challengeTtlMs,
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(ctx, user.id)).map(descriptorOf),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await issueChallenge(ctx, 'register', user.id, options.challenge);
  return { ...options };
}

/** Verifies the browser's attestation against a challenge issued to this customer, and keeps the passkey. */
export async function registerPasskey(
  ctx: Ctx,
  userId: number,
  response: RegistrationResponseJSON,
  name: string | undefined,
): Promise<PasskeyView> {
  const expectedChallenge = await claimChallenge(ctx, response.response.clientDataJSON, 'register', userId);
  const { rpID, origin } = relyingParty(ctx);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
  if (!verified.verified) throw invalid();
  const { credential } = verified.registrationInfo;
  const [held] = await ctx.db
    .select({ n: count() })
    .from(customerPasskeys)
    .where(eq(customerPasskeys.userId, userId));
  const now = new Date(ctx.clock.now());
  try {
    const [row] = await ctx.db
      .insert(customerPasskeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: name || `Passkey ${(held?.n ?? 0) + 1}`,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no passkey');
    return toView(row);
  } catch (err) {
    if (String((err as { cause?: unknown })?.cause ?? err).includes('customer_passkeys_credential'))
      throw new AppError(codes.passkeyAlreadyRegistered);
    throw err;
  }
}

const toView = (row: typeof customerPasskeys.$inferSelect): PasskeyView => ({
  id: String(row.id),
  name: row.name,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
});

export async function listPasskeys(ctx: Ctx, userId: number): Promise<PasskeyView[]> {
  return (await passkeysOf(ctx, userId)).map(toView);
}

/** Removes one of the customer's own passkeys (password required); another's or an unknown id is 10111. */
export async function removePasskey(ctx: Ctx, userId: number, id: number, password: string): Promise<void> {
  const user = await userById(ctx, userId);
  await assertPassword(user, password);
  const removed = await ctx.db
    .delete(customerPasskeys)
    .where(and(eq(customerPasskeys.id, id), eq(customerPasskeys.userId, user.id)))
    .returning({ id: customerPasskeys.id });
  if (removed.length === 0) throw new AppError(codes.notFound);
}

/**
 * Options for signing in: with a user name, that account's passkeys (an unknown name or one without passkeys
 * gets an empty list, as without a name: the browser then offers the discoverable passkeys it holds).
 */
export async function loginOptions(ctx: Ctx, userName: string | undefined): Promise<PasskeyOptions> {
  const name = userName?.trim().toLowerCase();
  const held = name
    ? await ctx.db
        .select({ credentialId: customerPasskeys.credentialId, transports: customerPasskeys.transports })
        .from(customerPasskeys)
        .innerJoin(users, eq(users.id, customerPasskeys.userId))
        .where(or(eq(sql`lower(${users.userName})`, name), eq(sql`lower(${users.email})`, name)))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    allowCredentials: held.map(descriptorOf),
    userVerification: 'required',
    timeout: challengeTtlMs,
  });
  await issueChallenge(ctx, 'login', null, options.challenge);
  return { ...options };
}

/**
 * Verifies an assertion against an issued challenge and the credential's stored key, moves its counter
 * forward (a counter not above the stored one is a cloned authenticator: refused) and answers which
 * customer's passkey signed. `userId` limits it to that customer's passkeys (a step-up).
 */
async function verifyAssertion(
  ctx: Ctx,
  response: AuthenticationResponseJSON,
  purpose: Purpose,
  userId: number | null,
): Promise<number> {
  const expectedChallenge = await claimChallenge(ctx, response.response.clientDataJSON, purpose, userId);
  const [row] = await ctx.db
    .select()
    .from(customerPasskeys)
    .where(eq(customerPasskeys.credentialId, response.id))
    .limit(1);
  if (!row || (userId !== null && row.userId !== userId)) throw invalid();
  const { rpID, origin } = relyingParty(ctx);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: row.credentialId,
      publicKey: Buffer.from(row.publicKey, 'base64url'),
      counter: row.counter,
      transports: JSON.parse(row.transports) as string[],
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verified.verified || !verified.authenticationInfo) throw invalid();
  // Conditional on the counter read: of two assertions racing past their checks, one moves it.
  const moved = await ctx.db
    .update(customerPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date(ctx.clock.now()) })
    .where(and(eq(customerPasskeys.id, row.id), eq(customerPasskeys.counter, row.counter)))
    .returning({ id: customerPasskeys.id });
  if (moved.length === 0) throw invalid();
  return row.userId;
}

/** Signs in with a passkey: the same session answer as a password login, the second factor included. */
export async function loginWithPasskey(
  ctx: Ctx,
  response: AuthenticationResponseJSON,
  client: SignInClient,
): Promise<SessionResult> {
  const userId = await verifyAssertion(ctx, response, 'login', null);
  const user = await userById(ctx, userId);
  if (user.status !== userStatuses.enabled) throw new AppError(codes.userStatusAbnormal);
  return signIn(ctx, user, client);
}
