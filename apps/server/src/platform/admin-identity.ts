// Who an operator is and what the role allows: needed wherever operator actions are recorded or decided
// (audit rows, review decisions), so it lives here rather than in the admin domain that signs them in.
import {
  adminPermissions,
  adminRolesNeedingTotp,
  type AdminPermission,
  type AdminRole,
} from '@tradewind/contract';

export type AdminIdentity = { id: number; userName: string; role: AdminRole };

/** A live back-office session: who, which session, and whether the account is secured yet. */
export type AdminSession = AdminIdentity & {
  sessionId: number;
  mustChangePassword: boolean;
  totpEnrolled: boolean;
};

/** Roles that must sign in with TOTP and enrol before any decision (contract `adminRolesNeedingTotp`). */
export function needsTotp(role: AdminRole): boolean {
  return (adminRolesNeedingTotp as readonly AdminRole[]).includes(role);
}

/** Secured: the password is the operator's own and, where the role needs it, TOTP is enrolled. */
export function isSecured(s: Pick<AdminSession, 'role' | 'mustChangePassword' | 'totpEnrolled'>): boolean {
  return !s.mustChangePassword && (s.totpEnrolled || !needsTotp(s.role));
}

/** The shared permission table of the contract; superadmin appears in every row. */
export function can(admin: AdminIdentity, permission: AdminPermission): boolean {
  return (adminPermissions[permission] as readonly AdminRole[]).includes(admin.role);
}
