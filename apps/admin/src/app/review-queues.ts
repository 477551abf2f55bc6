// What a role may open: the permission the server asks of each screen's list (the same shared table), and
// for the review queues the permission of each queue's handler (platform/reviews.ts), so navigation, tabs
// and links show a role only what it can use (finance: money, no KYC; compliance: KYC; support: no queue).
import type { AdminPermission, AdminRole } from '@tradewind/contract';
import { reviewKinds, type ReviewKind, type Route, type Screen } from './router.ts';
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

/** Each screen's permission (none: every operator; My account is everyone's). */
export const screenPermission: Partial<Record<Screen, AdminPermission>> = {
  dashboard: 'readDashboard',
  customers: 'readCustomers',
  ledger: 'readAudit',
  audit: 'readAudit',
  adjustments: 'adjustBalances',
  channels: 'manageCatalogue',
  positions: 'readPositions',
  exposure: 'readPositions',
  nfts: 'manageNfts',
  support: 'answerSupport',
  instruments: 'manageCatalogue',
  products: 'manageProducts',
  contents: 'manageContent',
  exports: 'exportData',
  staff: 'manageStaff',
  params: 'editParams',
};

/** Whether `role` can use the screen `route` leads to. */
export function mayOpen(role: AdminRole, route: Route): boolean {
  if (route.screen === 'reviews') return queuesOf(role).includes(route.kind);
  const permission = screenPermission[route.screen];
  return !permission || can(role, permission);
}
