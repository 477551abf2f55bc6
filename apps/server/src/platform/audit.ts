// The audit log writer (DESIGN.md §1.6): every domain records its operator actions here, inside the
// transaction of the action itself, so an action without its audit row cannot exist.
import type { AuditAction } from '@tradewind/contract';
import type { DbOrTx } from './db.ts';
import { auditLog } from './audit-tables.ts';

export type AuditEntry = {
  adminId: number;
  /**
   * `<subject>.<verb>`: `deposit.approve`, `adjustment.request`, `user.disable`. One of the contract's list,
   * which the back office labels in every language: a new action is added there, with its labels.
   */
  action: AuditAction;
  /** `<subject>:<id>`. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

export async function writeAudit(db: DbOrTx, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    createdAt: now,
  });
}

/** An audit row on the wire (the contract's `auditRow`), with the acting admin's user name. */
export function toAuditRow(row: typeof auditLog.$inferSelect, adminUserName: string) {
  return {
    id: String(row.id),
    adminId: String(row.adminId),
    adminUserName,
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
    reason: row.reason,
    createdAt: row.createdAt.getTime(),
  };
}
