// Back-office calls under /admin/api (CONTRACT.md "Back office").
import { z } from 'zod';
import { idString, text } from './common.ts';
import { userStatus } from './statuses.ts';

export const adminRoles = ['support', 'finance', 'compliance', 'superadmin'] as const;
export type AdminRole = (typeof adminRoles)[number];

/** Who may do what in the back office; superadmin may do everything. */
export const adminPermissions = {
  readUsers: ['support', 'finance', 'compliance', 'superadmin'],
  setUserStatus: ['compliance', 'superadmin'],
  readAudit: ['support', 'finance', 'compliance', 'superadmin'],
  readPositions: ['support', 'finance', 'compliance', 'superadmin'],
  reviewMoney: ['finance', 'superadmin'],
  reviewKyc: ['compliance', 'superadmin'],
  adjustBalances: ['finance', 'superadmin'],
  manageCatalogue: ['superadmin'],
  /** Charity auctions (create, edit artwork and texts until the first bid) and payouts to the charity. */
  manageNfts: ['finance', 'superadmin'],
  /** The support inbox: every role reads and answers customers; none of it moves money. */
  answerSupport: ['support', 'finance', 'compliance', 'superadmin'],
  /** System parameters (getParamByKey keys), audited. */
  editParams: ['superadmin'],
  /** The computed dashboard: every role sees how the business is doing. */
  readDashboard: ['support', 'finance', 'compliance', 'superadmin'],
  /** Staff accounts: create, disable/enable, reset password, force sign-out. */
  manageStaff: ['superadmin'],
  /** The customer 360 view (KYC photos inside it stay with reviewKyc). */
  readCustomers: ['support', 'finance', 'compliance', 'superadmin'],
  /** Reset a customer's demo book from the 360 view (play money only). */
  resetCustomerDemo: ['support', 'superadmin'],
  /** Smart products and plans, loan products: finance runs the products, superadmin everything. */
  manageProducts: ['finance', 'superadmin'],
  /** Content items (company, policy, statement, FAQ, notice) in 11 languages. */
  manageContent: ['superadmin'],
  /** CSV exports of fund records, deposits, withdrawals, contracts and the audit log. */
  exportData: ['finance', 'compliance', 'superadmin'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminPermission = keyof typeof adminPermissions;

export const adminLoginBody = z.strictObject({
  userName: text().min(1).max(64),
  password: text().min(1).max(128),
});
export const adminInfo = z.object({ id: z.string(), userName: z.string(), role: z.enum(adminRoles) });
export const adminLoginResult = z.object({ token: z.string(), admin: adminInfo });

export const adminUsersQuery = z.strictObject({
  keyword: text().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const userStatusBody = z.strictObject({
  status: userStatus,
  reason: text().trim().min(1).max(500),
});
export const userIdParams = z.strictObject({ id: idString });

export const auditRow = z.object({
  id: z.string(),
  adminId: z.string(),
  adminUserName: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
});
