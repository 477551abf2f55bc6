// The admin session: token and identity in sessionStorage (gone when the tab closes), with a subscription
// so the app returns to the login screen the moment the session ends (sign-out or any 401).
import { useSyncExternalStore } from 'react';
import { adminPermissions, adminRoles, type AdminPermission, type AdminRole } from '@tradewind/contract';

export type AdminSession = { token: string; admin: { id: string; userName: string; role: AdminRole } };

const storageKey = 'tw-admin-session';

function isSession(value: unknown): value is AdminSession {
  if (typeof value !== 'object' || value === null) return false;
  const { token, admin } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof admin !== 'object' || admin === null) return false;
  const { id, userName, role } = admin as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof userName === 'string' &&
    (adminRoles as readonly unknown[]).includes(role)
  );
}

function read(): AdminSession | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: AdminSession | null = read();
/** Why the last session ended, shown once on the login screen. */
let endedByServer = false;
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
    set(next);
  },
  signOut: (): void => set(null),
  /** A 401 from the server: the session expired, idled out or was revoked. */
  expire: (): void => {
    if (!current) return;
    endedByServer = true;
    set(null);
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

/** The shared permission table (packages/contract); the server checks again on every call. */
export function can(role: AdminRole, permission: AdminPermission): boolean {
  return (adminPermissions[permission] as readonly AdminRole[]).includes(role);
}
