// Which review queues a role works: the permission the server asks of each queue's list and decisions
// (the handler of each kind, platform/reviews.ts), read from the shared table, so navigation and tabs show a
// role only the queues it can open (finance: money; compliance: KYC; support: none).
import type { AdminPermission, AdminRole } from '@tradewind/contract';
import { reviewKinds, type ReviewKind } from './router.ts';
import { can } from './session.ts';

export const reviewPermission: Record<ReviewKind, AdminPermission> = {
  deposits: 'reviewMoney',
  withdrawals: 'reviewMoney',
  kyc: 'reviewKyc',
  loans: 'reviewMoney',
};

/** The queues `role` works, in the tabs' order; empty for a role that reviews nothing. */
export const queuesOf = (role: AdminRole): ReviewKind[] =>
  reviewKinds.filter((k) => can(role, reviewPermission[k]));
