// Sign-up, login, logout and password reset (CONTRACT.md "Auth").
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { codes, userStatuses, type SessionResult } from '@tradewind/contract';
import type { z } from 'zod';
import type { registerBody, resetPasswordBody } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashPassword, verifyPassword, dummyPasswordHash } from '../platform/passwords.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import type { Locale } from '../platform/i18n.ts';
import { users, type UserRow } from '../users/tables.ts';
import { toUserInfo } from '../users/view.ts';
import { consumeCode, issueCode, type CodePurpose } from './codes.ts';
import { enforcePasswordPolicy } from '../platform/password-policy.ts';
import { openSession, revokeSession, revokeUserSessions } from './sessions.ts';
import { recordDevice } from './devices.ts';
import { signIn, type SignInClient } from './sign-in.ts';
import { assertSecondFactor, assertSignInSecondFactor, type SecondFactorProof } from './second-factor.ts';

const lower = (s: string) => s.trim().toLowerCase();

async function findBy(db: DbOrTx, column: 'userName' | 'email', value: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users[column]})`, lower(value)))
    .limit(1);
  return row;
}

async function phoneTaken(db: DbOrTx, areaCode: string | undefined, phone: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.phone} = ${phone} and ${users.areaCode} is not distinct from ${areaCode ?? null}`)
    .limit(1);
  return rows.length > 0;
}

/** Answers whether a name, email or phone is free; a taken one answers its own code (10006/10027/10007). */
export async function checkAvailability(
  ctx: Ctx,
  q: { userName?: string | undefined; email?: string | undefined; phone?: string | undefined },
): Promise<{ available: true }> {
  if (!q.userName && !q.email && !q.phone) throw new AppError(codes.paramsEmpty);
  if (q.userName && (await findBy(ctx.db, 'userName', q.userName))) throw new AppError(codes.userNameTaken);
  if (q.email && (await findBy(ctx.db, 'email', q.email))) throw new AppError(codes.emailTaken);
  if (q.phone && (await phoneTaken(ctx.db, undefined, q.phone))) throw new AppError(codes.phoneTaken);
  return { available: true };
}

export async function sendCode(ctx: Ctx, email: string, purpose: CodePurpose, locale: Locale): Promise<void> {
  const existing = await findBy(ctx.db, 'email', email);
  if (purpose === 'register' && existing) throw new AppError(codes.emailTaken);
  // A reset for an unknown address answers like a known one, resends included, and mails nothing (L-1).
  await issueCode(ctx, lower(email), purpose, locale, purpose === 'register' || existing !== undefined);
}

const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newInviteCode(): string {
  return Array.from({ length: 8 }, () => inviteAlphabet[randomInt(inviteAlphabet.length)]).join('');
}

export type NewUser = {
  userName: string;
  email: string;
  passwordHash: string;
  areaCode?: string | undefined;
  phone?: string | undefined;
  invitedBy?: number | undefined;
  googleSubject?: string | undefined;
  locale: Locale;
};

/**
 * Inserts the user and runs the sign-up hooks (books) in one transaction, then opens a session. The sign-up's
 * browser becomes the account's first device, without a new-device e-mail.
 */
export async function createUser(ctx: Ctx, u: NewUser, client?: SignInClient): Promise<SessionResult> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        ...u,
        areaCode: u.areaCode ?? null,
        phone: u.phone ?? null,
        inviteCode: newInviteCode(),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no user');
    for (const hook of ctx.onUserCreated) await hook(tx, row.id, now);
    const device = await recordDevice(tx, row.id, undefined, now);
    const token = await openSession(tx, ctx, row.id, now, { ip: client?.ip, userAgent: client?.userAgent });
    return { token, userInfo: toUserInfo(row), deviceToken: device.deviceToken };
  });
}

export async function register(
  ctx: Ctx,
  body: z.infer<typeof registerBody>,
  locale: Locale,
  client?: SignInClient,
): Promise<SessionResult> {
  // Before the code is used up, so a refused password leaves it good for the next try.
  enforcePasswordPolicy(body.password, body);
  if (await findBy(ctx.db, 'userName', body.userName)) throw new AppError(codes.userNameTaken);
  if (await findBy(ctx.db, 'email', body.email)) throw new AppError(codes.emailTaken);
  if (body.phone && (await phoneTaken(ctx.db, body.areaCode, body.phone)))
    throw new AppError(codes.phoneTaken);
  let invitedBy: number | undefined;
  if (body.inviteCode) {
    const [inviter] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, body.inviteCode));
    if (!inviter) throw new AppError(codes.paramsEmpty, {}, { inviteCode: { key: 'inviteCodeUnknown' } });
    invitedBy = inviter.id;
  }
  await consumeCode(ctx, lower(body.email), 'register', body.code);
  try {
    return await createUser(
      ctx,
      {
        userName: body.userName,
        email: lower(body.email),
        passwordHash: await hashPassword(body.password),
        areaCode: body.areaCode,
        phone: body.phone,
        invitedBy,
        locale,
      },
      client,
    );
  } catch (err) {
    throw uniqueViolationToCode(err) ?? err;
  }
}

/** Two sign-ups racing for one name or email: the unique index decides, the loser gets the same code. */
function uniqueViolationToCode(err: unknown): AppError | undefined {
  const text = String((err as { cause?: unknown })?.cause ?? err);
  if (text.includes('users_user_name_lower')) return new AppError(codes.userNameTaken);
  if (text.includes('users_email_lower')) return new AppError(codes.emailTaken);
  if (text.includes('users_phone')) return new AppError(codes.phoneTaken);
  return undefined;
}

/**
 * Same answer (10004) for an unknown user and a wrong password, and the same work: one argon2 verify. With
 * two-factor on, the right password alone answers 10113 and the factors (nothing else), and a wrong or spent
 * code 10165, after the password: a code is never tried without it.
 */
export async function login(
  ctx: Ctx,
  userName: string,
  password: string,
  proof: SecondFactorProof = {},
  client: SignInClient,
): Promise<SessionResult> {
  const user = userName.includes('@')
    ? await findBy(ctx.db, 'email', userName)
    : await findBy(ctx.db, 'userName', userName);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  // A disabled account answers 10005 whatever the password, after the same verify: answering it only
  // to the right one would let its password be guessed while disabled (I-1).
  if (user && user.status !== userStatuses.enabled) throw new AppError(codes.userStatusAbnormal);
  if (!user || !valid) throw new AppError(codes.passwordInvalid);
  await assertSignInSecondFactor(ctx, user, { ...proof, deviceToken: client.deviceToken });
  return signIn(ctx, user, client);
}

export async function logout(ctx: Ctx, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, sessionId, new Date(ctx.clock.now()), 'logout');
}

export async function resetPassword(ctx: Ctx, body: z.infer<typeof resetPasswordBody>): Promise<void> {
  // What the form knows (the e-mail) is checked before the code is used up; the user name only after the code
  // proved the address, so a guess at it tells nothing about which accounts exist (L-1).
  enforcePasswordPolicy(body.password, { email: body.email });
  await consumeCode(ctx, lower(body.email), 'reset', body.code);
  const user = await findBy(ctx.db, 'email', body.email);
  if (!user) throw new AppError(codes.codeInvalidOrExpired);
  enforcePasswordPolicy(body.password, user);
  const passwordHash = await hashPassword(body.password);
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    // Withdrawals pause for the payout-method cool-down from here (wallet/withdraw-cooldown.ts, 10177).
    await tx.update(users).set({ passwordHash, securityChangedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now, 'password reset');
  });
}

export async function changePassword(
  ctx: Ctx,
  userId: number,
  sessionId: number,
  oldPassword: string,
  password: string,
  proof: SecondFactorProof = {},
): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, userName: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // The customer is signed in, so naming the password (10143) tells nothing about which accounts exist,
  // unlike login's 10004 "username or password".
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword)))
    throw new AppError(codes.passwordIncorrect);
  enforcePasswordPolicy(password, user);
  await assertSecondFactor(ctx, ctx.db, user, proof);
  const passwordHash = await hashPassword(password);
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, securityChangedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now, 'password changed', sessionId);
  });
}
