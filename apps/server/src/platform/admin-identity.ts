// Who an operator is and what the role allows: needed wherever operator actions are recorded or decided
// (audit rows, review decisions), so it lives here rather than in the admin domain that signs them in.
import { adminPermissions, type AdminPermission, type AdminRole } from '@tradewind/contract';

export type AdminIdentity = { id: number; userName: string; role: AdminRole };

/** The shared permission table of the contract; superadmin appears in every row. */
export function can(admin: AdminIdentity, permission: AdminPermission): boolean {
  return (adminPermissions[permission] as readonly AdminRole[]).includes(admin.role);
}
