// The login and book state of spec.md §4, mirrored in browser storage and readable outside React (API client).
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@tradewind/contract';
import {
  readIsDemo,
  readSession,
  storageKeys,
  writeDeviceToken,
  writeIsDemo,
  writeSession,
  type StoredUser,
} from './storage.ts';

export type SessionState = {
  /** Present exactly when logged in. */
  readonly user: StoredUser | null;
  /** virtualStatus 1: the demo book is selected. */
  readonly isDemo: boolean;
};

function load(): SessionState {
  const { isLogin, user } = readSession();
  return { user: isLogin ? user : null, isDemo: readIsDemo() };
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  token: (): string | null => state.user?.token ?? null,
  /** `deviceToken`: what the server answered for this browser, sent with its next sign-in. */
  signIn(token: string, info: UserInfo, deviceToken?: string): void {
    if (deviceToken) writeDeviceToken(deviceToken);
    const user: StoredUser = { ...info, token };
    writeSession(user);
    set({ ...state, user });
  },
  /** Refreshes the stored user fields after getUserInfo, keeping the token. */
  updateUser(info: UserInfo): void {
    if (!state.user) return;
    const user: StoredUser = { ...pickUserInfo(info), token: state.user.token };
    writeSession(user);
    set({ ...state, user });
  },
  /** Logout, 401 or a disabled user: clears token, user info and the login flag (spec.md §4). */
  signOut(): void {
    writeSession(null);
    if (state.user) set({ ...state, user: null });
  },
  setDemo(isDemo: boolean): void {
    writeIsDemo(isDemo);
    if (isDemo !== state.isDemo) set({ ...state, isDemo });
  },
};

function pickUserInfo(info: UserInfo): UserInfo {
  const { id, userName, email, areaCode, phone, status, kycStatus, inviteCode, createdAt } = info;
  return { id, userName, email, areaCode, phone, status, kycStatus, inviteCode, createdAt };
}

// Another tab logging in or out, or switching the book, updates this one.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: readonly (string | null)[] = [
      storageKeys.isLogin,
      storageKeys.userInfo,
      storageKeys.virtualStatus,
      null,
    ];
    if (keys.includes(event.key)) set(load());
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
