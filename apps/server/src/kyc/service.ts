// Identity verification: a customer submits fields and three photos (kycStatus 0 or 3 → 1); compliance
// approves (→ 2) or rejects with a reason (→ 3). Every submission is kept.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  codes,
  kycMinAgeYears,
  kycSubmissionStatuses,
  type IdentificationFields,
  type KycPhoto,
  type KycReviewItem,
  type Page,
} from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { saveUploads, uploadUrl, type PreparedImage } from '../platform/uploads.ts';
import { notify } from '../notifications/service.ts';
import { writeAudit, type AdminIdentity } from '../admin/service.ts';
import type { ReviewHandler, ReviewQuery } from '../admin/reviews.ts';
import { users } from '../users/tables.ts';
import { kycSubmissions, type KycSubmissionRow } from './tables.ts';

/** users.kyc_status (CONTRACT.md `userInfo`). */
export const kycStatus = { none: 0, pending: 1, verified: 2, failed: 3 } as const;

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
      .set({ kycStatus: kycStatus.pending })
      .where(and(eq(users.id, userId), inArray(users.kycStatus, [kycStatus.none, kycStatus.failed])))
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

type Status = (typeof kycSubmissionStatuses)[number];
const isStatus = (s: string): s is Status => (kycSubmissionStatuses as readonly string[]).includes(s);

type ReviewRow = { submission: KycSubmissionRow; user: { id: number; userName: string; email: string } };

function reviewView({ submission: s, user }: ReviewRow): KycReviewItem {
  const sex = s.sex === 'male' || s.sex === 'female' ? s.sex : 'other';
  const docType = s.docType === 'passport' || s.docType === 'driver_licence' ? s.docType : 'id_card';
  return {
    id: String(s.id),
    user: { id: String(user.id), userName: user.userName, email: user.email },
    firstName: s.firstName,
    lastName: s.lastName,
    sex,
    birthdate: s.birthdate,
    country: s.country,
    address: s.address,
    areaCode: s.areaCode,
    phone: s.phone,
    docType,
    photos: { front: uploadUrl(s.frontName), back: uploadUrl(s.backName), selfie: uploadUrl(s.selfieName) },
    status: isStatus(s.status) ? s.status : 'pending',
    reason: s.reason,
    reviewedBy: s.reviewedBy === null ? null : String(s.reviewedBy),
    createdAt: s.createdAt.getTime(),
    reviewedAt: s.reviewedAt?.getTime() ?? null,
  };
}

const reviewSelect = (db: DbOrTx) =>
  db
    .select({
      submission: kycSubmissions,
      user: { id: users.id, userName: users.userName, email: users.email },
    })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId));

async function listForReview(ctx: Ctx, q: ReviewQuery): Promise<Page<KycReviewItem>> {
  if (q.status !== undefined && !isStatus(q.status)) {
    throw new AppError(codes.paramsEmpty, {}, { status: { key: 'invalid' } });
  }
  const where = q.status === undefined ? undefined : eq(kycSubmissions.status, q.status);
  const [total] = await ctx.db.select({ n: count() }).from(kycSubmissions).where(where);
  const rows = await reviewSelect(ctx.db)
    .where(where)
    .orderBy(desc(kycSubmissions.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map(reviewView), total: total?.n ?? 0, page: q.page, size: q.size };
}

/**
 * Decides a pending submission and sets the customer's kycStatus with it. `where status = 'pending'`
 * makes the decision once; a second one gets 10020. The audit row names the submission, not its contents.
 */
async function decide(
  ctx: Ctx,
  admin: AdminIdentity,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; note?: string | undefined },
): Promise<KycReviewItem> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .update(kycSubmissions)
      .set({ status: decision.status, reason: decision.reason, reviewedBy: admin.id, reviewedAt: now })
      .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.id, id));
      throw new AppError(exists ? codes.collectionStatusWrong : codes.notFound);
    }
    const approved = decision.status === 'approved';
    const next = approved ? kycStatus.verified : kycStatus.failed;
    await tx.update(users).set({ kycStatus: next }).where(eq(users.id, row.userId));
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: approved ? 'kyc.approve' : 'kyc.reject',
        target: `kyc:${id}`,
        before: { status: 'pending', kycStatus: kycStatus.pending },
        after: { status: row.status, kycStatus: next, userId: String(row.userId) },
        reason: decision.reason ?? decision.note ?? null,
      },
      now,
    );
    if (approved) await notify(tx, row.userId, 'kycApproved', {}, now);
    else await notify(tx, row.userId, 'kycRejected', { reason: decision.reason ?? '' }, now);
    const [item] = await reviewSelect(tx).where(eq(kycSubmissions.id, id));
    assert(item, 'decided submission exists');
    return reviewView(item);
  });
}

export const kycReviews: ReviewHandler = {
  permission: 'reviewKyc',
  list: listForReview,
  approve: (ctx, admin, id, note) => decide(ctx, admin, id, { status: 'approved', reason: null, note }),
  reject: (ctx, admin, id, reason) => decide(ctx, admin, id, { status: 'rejected', reason }),
};
