// The KYC review queue (CONTRACT.md "Back office" reviews/kyc): compliance approves a submission (the
// customer's kycStatus → verified) or rejects it with a reason (→ failed, may resubmit). Decided through
// the one review helper; the audit row names the submission, not its contents.
import { and, count, desc, eq } from 'drizzle-orm';
import { kycStatuses, kycSubmissionStatuses, type KycReviewItem, type Page } from '@tradewind/contract';
import { assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { uploadUrl } from '../platform/uploads.ts';
import { decideReview, decidedOrMissing, type ReviewSubject } from '../platform/review-decision.ts';
import type { ReviewHandler, ReviewQuery } from '../platform/reviews.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { kycSubmissions, type KycSubmissionRow } from './tables.ts';

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

async function listForReview(ctx: Ctx, q: ReviewQuery<'kyc'>): Promise<Page<KycReviewItem>> {
  const where = q.status === undefined ? undefined : eq(kycSubmissions.status, q.status);
  const [total] = await ctx.db.select({ n: count() }).from(kycSubmissions).where(where);
  const rows = await reviewSelect(ctx.db)
    .where(where)
    .orderBy(desc(kycSubmissions.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map(reviewView), total: total?.n ?? 0, page: q.page, size: q.size };
}

const kycSubject: ReviewSubject<KycSubmissionRow, KycReviewItem> = {
  name: 'kyc',
  claim: async (tx, id, c) => {
    const [row] = await tx
      .update(kycSubmissions)
      .set({ status: c.status, reason: c.reason, reviewedBy: c.adminId, reviewedAt: c.at })
      .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
      .returning();
    return row;
  },
  refusal: async (tx, id) =>
    decidedOrMissing(
      (await tx.select({ id: kycSubmissions.id }).from(kycSubmissions).where(eq(kycSubmissions.id, id)))
        .length > 0,
    ),
  // The customer's status moves with the submission: verified, or failed (and free to submit again).
  settle: async ({ tx, row, decision }) => {
    const next = decision.outcome === 'approved' ? kycStatuses.verified : kycStatuses.failed;
    await tx.update(users).set({ kycStatus: next }).where(eq(users.id, row.userId));
    return row;
  },
  snapshot: (row) => ({ status: row.status, userId: String(row.userId) }),
  notify: async ({ tx, row, decision, now }) => {
    if (decision.outcome === 'approved') await notify(tx, row.userId, 'kycApproved', {}, now);
    if (decision.outcome === 'rejected') {
      await notify(tx, row.userId, 'kycRejected', { reason: decision.reason }, now);
    }
  },
  item: async (tx, row) => {
    const [found] = await reviewSelect(tx).where(eq(kycSubmissions.id, row.id));
    assert(found, 'decided submission exists');
    return reviewView(found);
  },
};

export const kycReviews: ReviewHandler<'kyc'> = {
  permission: 'reviewKyc',
  list: listForReview,
  approve: (ctx, admin, id, note) => decideReview(ctx, kycSubject, admin, id, { outcome: 'approved', note }),
  reject: (ctx, admin, id, reason) =>
    decideReview(ctx, kycSubject, admin, id, { outcome: 'rejected', reason }),
};
