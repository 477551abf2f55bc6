// Mailed verification codes: 6 digits, single use, 10 minutes, void after 5 wrong tries, resend after 60 s.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { sixDigitCode } from '../platform/tokens.ts';
import { mailText, type Locale } from '../platform/i18n.ts';
import type { Ctx } from '../platform/context.ts';
import { verificationCodes } from './tables.ts';
import { mailCustomer } from './customer-mail.ts';

export const codeLifetimeMs = 10 * 60_000;
export const resendAfterMs = 60_000;
export const maxWrongTries = 5;

export type CodePurpose = 'register' | 'reset';

function hashCode(email: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');
}

/**
 * Creates and mails a code; refuses with 10026 while the previous one is younger than a minute. With
 * `deliver` false (a reset for an address with no account) the code is kept but mailed to no one, so the
 * resend refusal and the wrong-code answers are those a known address gets (L-1).
 */
export async function issueCode(
  ctx: Ctx,
  email: string,
  purpose: CodePurpose,
  locale: Locale,
  deliver = true,
): Promise<void> {
  const now = ctx.clock.now();
  const [last] = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (last && now - last.createdAt.getTime() < resendAfterMs) throw new AppError(codes.codeAlreadySent);

  const code = sixDigitCode();
  const [row] = await ctx.db
    .insert(verificationCodes)
    .values({
      email,
      purpose,
      codeHash: hashCode(email, purpose, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + codeLifetimeMs),
    })
    .returning({ id: verificationCodes.id });
  if (!deliver) return;
  const subjectKey = purpose === 'register' ? 'codeSubjectRegister' : 'codeSubjectReset';
  const text = `${mailText(locale, 'codeBody', { code, minutes: 10 })}\n\n${mailText(locale, 'signature', {})}\n`;
  try {
    await mailCustomer(ctx, email, { subject: mailText(locale, subjectKey, { code }), text }, locale);
  } catch (err) {
    ctx.log.error({ err }, 'verification mail failed');
    if (row) await ctx.db.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
    throw new AppError(codes.codeSendFailed);
  }
}

/**
 * Uses up the newest live code for (email, purpose). Runs outside any business transaction on purpose:
 * a wrong try must stay counted even though the caller's request then fails.
 */
export async function consumeCode(
  ctx: Ctx,
  email: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const now = new Date(ctx.clock.now());
  const [live] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!live || live.expiresAt <= now || live.failedAttempts >= maxWrongTries) {
    throw new AppError(codes.codeInvalidOrExpired);
  }
  if (live.codeHash !== hashCode(email, purpose, code)) {
    await ctx.db
      .update(verificationCodes)
      .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
      .where(eq(verificationCodes.id, live.id));
    throw new AppError(codes.codeWrong);
  }
  // The guard on used_at makes two simultaneous uses of one code succeed once.
  const used = await ctx.db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, live.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length !== 1) throw new AppError(codes.codeInvalidOrExpired);
}
