// Identity verification: a customer submits fields and three photos (kycStatus 0 or 3 → 1); compliance
// approves (→ 2) or rejects with a reason (→ 3) in review.ts. Every submission is kept.
import { and, eq, inArray } from 'drizzle-orm';
import {
  codes,
  kycMinAgeYears,
  kycStatuses,
  type IdentificationFields,
  type KycPhoto,
} from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { saveUploads, type PreparedImage } from '../platform/uploads.ts';
import { users } from '../users/tables.ts';
import { kycSubmissions } from './tables.ts';

const oldestBirthdate = '1900-01-01';

/**
 * A birthdate (YYYY-MM-DD, already a real date) against today in UTC: not in the future, not before 1900,
 * and at least `kycMinAgeYears` ago. Date strings of one format compare correctly as strings.
 */
export function birthdateProblem(birthdate: string, nowMs: number): 'invalid' | 'mustBeAdult' | undefined {
  const today = new Date(nowMs).toISOString().slice(0, 10);
  if (birthdate > today || birthdate < oldestBirthdate) return 'invalid';
  const adultSince = `${String(Number(today.slice(0, 4)) - kycMinAgeYears).padStart(4, '0')}${today.slice(4)}`;
  return birthdate <= adultSince ? undefined : 'mustBeAdult';
}

/** Refused (10019) while a submission is pending or after verification; allowed first time and after failure. */
export async function submitIdentification(
  ctx: Ctx,
  userId: number,
  fields: IdentificationFields,
  photos: Record<KycPhoto, PreparedImage>,
): Promise<void> {
  const problem = birthdateProblem(fields.birthdate, ctx.clock.now());
  if (problem) throw new AppError(codes.paramsEmpty, {}, { birthdate: { key: problem } });
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ kycStatus: kycStatuses.pending })
      .where(and(eq(users.id, userId), inArray(users.kycStatus, [kycStatuses.none, kycStatuses.failed])))
      .returning({ id: users.id });
    if (!user) throw new AppError(codes.authStatusWrong);
    const [front, back, selfie] = await saveUploads(
      tx,
      ctx,
      { userId, purpose: 'kyc' },
      [photos.front, photos.back, photos.selfie],
      now,
    );
    assert(front && back && selfie, 'three photos stored');
    await tx.insert(kycSubmissions).values({
      userId,
      ...fields,
      frontName: front,
      backName: back,
      selfieName: selfie,
      createdAt: now,
    });
  });
}
