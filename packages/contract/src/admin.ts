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
  /**
   * An applicant's finances as a loan decision weighs them (own funds, money in and out, other loans,
   * affordability): those who decide money and those who check the decisions, not support.
   */
  readApplicantFinances: ['finance', 'compliance', 'superadmin'],
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

/** Roles that decide (money, KYC, everything) sign in with a TOTP code too, and must enrol before deciding. */
export const adminRolesNeedingTotp = [
  'finance',
  'compliance',
  'superadmin',
] as const satisfies readonly AdminRole[];

export const adminLoginBody = z.strictObject({
  userName: text().min(1).max(64),
  password: text().min(1).max(128),
  /** The 6-digit TOTP code, or one of the recovery codes (`xxxxx-xxxxx`); omitted on the first step. */
  otp: text().trim().min(1).max(32).optional(),
});
export const adminInfo = z.object({
  id: z.string(),
  userName: z.string(),
  role: z.enum(adminRoles),
  /** The password was generated (first sign-in, reset): only /me/* until it is changed (10114). */
  mustChangePassword: z.boolean(),
  totpEnrolled: z.boolean(),
  /** The role needs TOTP (adminRolesNeedingTotp): only /me/* until enrolled (10114). */
  totpRequired: z.boolean(),
});
export type AdminInfo = z.infer<typeof adminInfo>;
export const adminLoginResult = z.object({ token: z.string(), admin: adminInfo });

// My account (/admin/api/me/*): every signed-in operator, also while the account must be secured first.
export const adminMe = adminInfo.extend({ recoveryCodesLeft: z.number().int() });
export type AdminMe = z.infer<typeof adminMe>;
/** A staff password: generated ones are 16 characters; chosen ones at least 12. */
export const staffPassword = text().min(12).max(128);
export const mePasswordBody = z.strictObject({
  oldPassword: text().min(1).max(128),
  password: staffPassword,
});
/**
 * Replacing an enrolled authenticator proves it is the operator: the password and a current code of the
 * authenticator being replaced (or a recovery code). A first enrolment needs neither.
 */
export const totpEnrolBody = z.strictObject({
  password: text().min(1).max(128).optional(),
  otp: text().trim().min(1).max(32).optional(),
});
export const totpEnrolResult = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpConfirmBody = z.strictObject({
  code: text()
    .trim()
    .regex(/^\d{6}$/),
});
export const totpConfirmResult = z.object({ recoveryCodes: z.array(z.string()) });
export const adminSessionRow = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  expiresAt: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session making this call. */
  current: z.boolean(),
});
export type AdminSessionRow = z.infer<typeof adminSessionRow>;

// Staff (manageStaff).
export const staffStatuses = ['enabled', 'disabled'] as const;
export const staffRow = z.object({
  id: z.string(),
  userName: z.string(),
  role: z.enum(adminRoles),
  status: z.enum(staffStatuses),
  mustChangePassword: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: z.number().int(),
  disabledAt: z.number().int().nullable(),
  lastLoginAt: z.number().int().nullable(),
  /** Sessions that are neither revoked, expired nor idle. */
  activeSessions: z.number().int(),
});
export type StaffRow = z.infer<typeof staffRow>;
export const staffQuery = z.strictObject({
  keyword: text().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const staffReason = text().trim().min(1).max(500);
export const staffUserName = text().regex(/^[a-z][a-z0-9_.-]{2,31}$/);
export const createStaffBody = z.strictObject({ userName: staffUserName, role: z.enum(adminRoles) });
/** The new account and its generated password, shown once. */
export const staffPasswordResult = z.object({ staff: staffRow, password: z.string() });
export const staffStatusBody = z.strictObject({ status: z.enum(staffStatuses), reason: staffReason });
export const staffRoleBody = z.strictObject({ role: z.enum(adminRoles), reason: staffReason });
export const staffResetBody = z.strictObject({
  reason: staffReason,
  /** Also remove the authenticator and recovery codes (a lost phone): the colleague enrols again. */
  resetTotp: z.boolean().optional(),
});
export const staffSignOutBody = z.strictObject({ reason: staffReason });
export const staffSignOutResult = z.object({ staff: staffRow, revoked: z.number().int() });
export const staffIdParams = z.strictObject({ id: idString });
export const adminSessionParams = z.strictObject({ id: idString });

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

/**
 * Where the server says it is reached (GET /admin/api/public-url): PUBLIC_URL, which invite links and QR
 * codes use, and the port it listens on; the back office warns when the address it is open at differs.
 */
export const adminPublicUrl = z.object({ publicUrl: z.string(), port: z.number().int() });
export type AdminPublicUrl = z.infer<typeof adminPublicUrl>;
