// The admin session: token and identity in sessionStorage (gone when the tab closes), with a subscription
// so the app returns to the login screen the moment the session ends (sign-out or any 401), and to the
// "Secure your account" flow while the server still refuses this operator everything but /me/* (10114).
import { useSyncExternalStore } from 'react';
import {
  adminPermissions,
  adminRoles,
  type AdminInfo,
  type AdminPermission,
  type AdminRole,
} from '@tradewind/contract';

/** The token and the operator as the sign-in answered (flags updated by My account as they change). */
export type AdminSession = { token: string; admin: AdminInfo };

const storageKey = 'tw-admin-session';

/**
 * A stored session, or null. The account flags are read as "true only if true": a session stored without
 * them (an older tab) still opens, and the server's 10114 brings the operator to the securing flow.
 */
function sessionOf(value: unknown): AdminSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, admin } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof admin !== 'object' || admin === null) return null;
  const { id, userName, role, mustChangePassword, totpEnrolled, totpRequired } = admin as Record<
    string,
    unknown
  >;
  if (typeof id !== 'string' || typeof userName !== 'string' || !isRole(role)) return null;
  return {
    token,
    admin: {
      id,
      userName,
      role,
      mustChangePassword: mustChangePassword === true,
      totpEnrolled: totpEnrolled === true,
      totpRequired: totpRequired === true,
    },
  };
}

const isRole = (value: unknown): value is AdminRole => (adminRoles as readonly unknown[]).includes(value);

function read(): AdminSession | null {
  try {
    return sessionOf(JSON.parse(sessionStorage.getItem(storageKey) ?? 'null'));
  } catch {
    return null;
  }
}

let current: AdminSession | null = read();
/** Why the last session ended, shown once on the login screen. */
let endedByServer = false;
/** The server answered 10114: the account is not secured yet, whatever the stored flags say. */
let securingDemanded = false;
const listeners = new Set<() => void>();

function set(next: AdminSession | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(storageKey, JSON.stringify(next));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Storage may be unavailable; the session then lasts for this page view.
  }
  for (const listener of listeners) listener();
}

export const session = {
  get: (): AdminSession | null => current,
  token: (): string | null => current?.token ?? null,
  signIn: (next: AdminSession): void => {
    endedByServer = false;
    securingDemanded = false;
    set(sessionOf(next));
  },
  /** New flags from the server (after a password change or TOTP enrolment, or GET /me). */
  updateAdmin: (changes: Partial<AdminSession['admin']>): void => {
    if (!current) return;
    securingDemanded = false;
    set({ ...current, admin: { ...current.admin, ...changes } });
  },
  signOut: (): void => {
    securingDemanded = false;
    set(null);
  },
  /** A 401 from the server: the session expired, idled out or was revoked. */
  expire: (): void => {
    if (!current) return;
    endedByServer = true;
    securingDemanded = false;
    set(null);
  },
  /** A 10114 from the server: back to the "Secure your account" flow. */
  demandSecuring: (): void => {
    if (!current || securingDemanded) return;
    securingDemanded = true;
    set({ ...current });
  },
  wasEndedByServer: (): boolean => endedByServer,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): AdminSession | null {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** Whether the server will refuse this operator everything but /me/* until the account is secured. */
export function needsSecuring(admin: AdminSession['admin']): boolean {
  return securingDemanded || admin.mustChangePassword || (admin.totpRequired && !admin.totpEnrolled);
}

/** The shared permission table (packages/contract); the server checks again on every call. */
export function can(role: AdminRole, permission: AdminPermission): boolean {
  return (adminPermissions[permission] as readonly AdminRole[]).includes(role);
}
