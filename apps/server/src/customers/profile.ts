// The 360's sections about the person: profile, status history, identity (KYC), sessions and the audit rows
// about them. Each reads its own table with the customer's index, its latest rows and its counts only.
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  customerAuditSize,
  customerSectionSize,
  kycDocTypes,
  kycSexes,
  kycSubmissionStatuses,
  userStatuses,
  type Customer360,
  type CustomerKycSubmission,
  type CustomerSession,
} from '@tradewind/contract';
import type { DbOrTx } from '../platform/db.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { toAuditRow } from '../platform/audit.ts';
import { uploadUrl } from '../platform/uploads.ts';
import { users, type UserRow } from '../users/tables.ts';
import { toUserInfo } from '../users/view.ts';
import { sessions } from '../auth/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { adjustments } from '../admin/adjustments-tables.ts';
import { kycSubmissions, type KycSubmissionRow } from '../kyc/tables.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import { withdrawals } from '../wallet/withdraw-tables.ts';
import { loans } from '../loans/tables.ts';
import { supportThreads } from '../support/tables.ts';
import { countOf, ms, oneOf } from './format.ts';

type SessionRow = typeof sessions.$inferSelect;

export async function profileOf(db: DbOrTx, user: UserRow): Promise<Customer360['profile']> {
  const [inviter] =
    user.invitedBy === null
      ? []
      : await db
          .select({ id: users.id, userName: users.userName })
          .from(users)
          .where(eq(users.id, user.invitedBy));
  return {
    ...toUserInfo(user),
    locale: user.locale,
    googleLinked: user.googleSubject !== null,
    invitedBy: inviter ? { id: String(inviter.id), userName: inviter.userName } : null,
  };
}

/** Disables and enables, newest first, from the audit rows `setUserStatus` writes. */
export async function statusHistoryOf(db: DbOrTx, userId: number): Promise<Customer360['statusHistory']> {
  const rows = await db
    .select({ row: auditLog, adminUserName: admins.userName })
    .from(auditLog)
    .innerJoin(admins, eq(admins.id, auditLog.adminId))
    .where(
      and(eq(auditLog.target, `user:${userId}`), inArray(auditLog.action, ['user.disable', 'user.enable'])),
    )
    .orderBy(desc(auditLog.id))
    .limit(customerAuditSize);
  return rows.map(({ row, adminUserName }) => ({
    at: row.createdAt.getTime(),
    adminUserName,
    status: row.action === 'user.disable' ? userStatuses.disabled : userStatuses.enabled,
    reason: row.reason,
  }));
}

function kycView(row: KycSubmissionRow, withPhotos: boolean): CustomerKycSubmission {
  return {
    id: String(row.id),
    firstName: row.firstName,
    lastName: row.lastName,
    sex: oneOf(kycSexes, row.sex, `kyc ${row.id} sex`),
    birthdate: row.birthdate,
    country: row.country,
    address: row.address,
    areaCode: row.areaCode,
    phone: row.phone,
    docType: oneOf(kycDocTypes, row.docType, `kyc ${row.id} document`),
    status: oneOf(kycSubmissionStatuses, row.status, `kyc ${row.id} status`),
    reason: row.reason,
    createdAt: row.createdAt.getTime(),
    reviewedAt: ms(row.reviewedAt),
    ...(withPhotos
      ? {
          photos: {
            front: uploadUrl(row.frontName),
            back: uploadUrl(row.backName),
            selfie: uploadUrl(row.selfieName),
          },
        }
      : {}),
  };
}

/** The latest submission; its photos' URLs only for a reader allowed to open them (`reviewKyc`). */
export async function kycOf(db: DbOrTx, user: UserRow, withPhotos: boolean): Promise<Customer360['kyc']> {
  const where = eq(kycSubmissions.userId, user.id);
  const submissions = await countOf(db, kycSubmissions, where);
  const [latest] = await db
    .select()
    .from(kycSubmissions)
    .where(where)
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return {
    status: toUserInfo(user).kycStatus,
    submissions,
    latest: latest ? kycView(latest, withPhotos) : null,
  };
}

/** A customer session as staff see it; `active` as `authenticate` would judge the token at `now`. */
export function sessionView(s: SessionRow, now: Date, idleMs: number): CustomerSession {
  return {
    id: String(s.id),
    createdAt: s.createdAt.getTime(),
    lastSeenAt: s.lastSeenAt.getTime(),
    expiresAt: s.expiresAt.getTime(),
    revokedAt: ms(s.revokedAt),
    revokedReason: s.revokedReason,
    active:
      s.revokedAt === null &&
      s.expiresAt.getTime() > now.getTime() &&
      s.lastSeenAt.getTime() + idleMs > now.getTime(),
  };
}

export async function sessionsOf(
  db: DbOrTx,
  userId: number,
  now: Date,
  idleMs: number,
): Promise<Customer360['sessions']> {
  const active = and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
  );
  const [counts] = await db
    .select({ n: count(), active: sql<number>`count(*) filter (where ${active})`.mapWith(Number) })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(customerSectionSize);
  return {
    total: counts?.n ?? 0,
    active: counts?.active ?? 0,
    list: rows.map((s) => sessionView(s, now, idleMs)),
  };
}

/**
 * Every audit target that is this customer or one of their things: `user:<id>` (status, demo resets, session
 * revocations, KYC photo views) and the reviewed items and conversation the domains name by their own ids.
 */
function targetsOf(userId: number) {
  const of = (prefix: string, id: AnyPgColumn, owner: AnyPgColumn) =>
    sql`select ${prefix} || ${id} from ${owner.table} where ${owner} = ${userId}`;
  return sql`(select ${`user:${userId}`}
    union all ${of('kyc:', kycSubmissions.id, kycSubmissions.userId)}
    union all ${of('deposit:', deposits.id, deposits.userId)}
    union all ${of('withdrawal:', withdrawals.id, withdrawals.userId)}
    union all ${of('loan:', loans.id, loans.userId)}
    union all ${of('adjustment:', adjustments.id, adjustments.userId)}
    union all ${of('support_thread:', supportThreads.id, supportThreads.userId)})`;
}

export async function auditOf(db: DbOrTx, userId: number): Promise<Customer360['audit']> {
  const where = sql`${auditLog.target} in ${targetsOf(userId)}`;
  const total = await countOf(db, auditLog, where);
  const rows = await db
    .select({ row: auditLog, adminUserName: admins.userName })
    .from(auditLog)
    .innerJoin(admins, eq(admins.id, auditLog.adminId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(customerAuditSize);
  return { total, list: rows.map(({ row, adminUserName }) => toAuditRow(row, adminUserName)) };
}
