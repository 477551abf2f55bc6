// Browser storage keys of spec.md §3 and the typed reads and writes over them.
import type { UserInfo } from '@tradewind/contract';
import { defaultLocale, isLocale, type Locale } from '@tradewind/i18n';

export const storageKeys = {
  lang: 'lang',
  /** '1' = virtual (demo) book, any other value = real book. */
  virtualStatus: 'virtualStatus',
  isLogin: 'isLogin',
  /** The user info stored after login, with the session token inside (spec.md §3 "User info"). */
  userInfo: 'userInfo',
  /** Mobile onboarding seen (spec.md §2 "Onboarding"). */
  introSeen: 'introSeen',
  /** 'light' | 'dark'; absent = follow prefers-color-scheme. */
  theme: 'theme',
  /**
   * The token the server gave this browser at its last sign-in, sent with the next so that one is not a new
   * device (no "was this you?" e-mail, no second factor asked). Kept across sign-outs: it names the browser.
   */
  deviceToken: 'deviceToken',
} as const;

export const virtualStatusDemo = '1';
export const virtualStatusReal = '2';

export type StoredUser = UserInfo & { token: string };

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working for this page view.
  }
}

export function readLang(): Locale {
  const value = read(storageKeys.lang);
  return isLocale(value) ? value : defaultLocale;
}

export function writeLang(lang: Locale): void {
  write(storageKeys.lang, lang);
}

export function readIsDemo(): boolean {
  const value = read(storageKeys.virtualStatus);
  return value === null || value === virtualStatusDemo;
}

export function writeIsDemo(isDemo: boolean): void {
  write(storageKeys.virtualStatus, isDemo ? virtualStatusDemo : virtualStatusReal);
}

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.token === 'string' && v.token.length > 0 && typeof v.userName === 'string';
}

export function readDeviceToken(): string | undefined {
  return read(storageKeys.deviceToken) ?? undefined;
}

export function writeDeviceToken(token: string): void {
  write(storageKeys.deviceToken, token);
}

export function readSession(): { isLogin: boolean; user: StoredUser | null } {
  const isLogin = read(storageKeys.isLogin) === 'true';
  let user: StoredUser | null = null;
  try {
    const parsed: unknown = JSON.parse(read(storageKeys.userInfo) ?? 'null');
    user = isStoredUser(parsed) ? parsed : null;
  } catch {
    user = null;
  }
  return { isLogin, user };
}

export function writeSession(user: StoredUser | null): void {
  write(storageKeys.userInfo, user ? JSON.stringify(user) : null);
  write(storageKeys.isLogin, user ? 'true' : null);
}

export function readIntroSeen(): boolean {
  return read(storageKeys.introSeen) === 'true';
}

export function writeIntroSeen(): void {
  write(storageKeys.introSeen, 'true');
}

export type ThemeChoice = 'light' | 'dark' | 'system';

export function readTheme(): ThemeChoice {
  const value = read(storageKeys.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function writeTheme(choice: ThemeChoice): void {
  write(storageKeys.theme, choice === 'system' ? null : choice);
}
