// Route metadata: titles (shown in the mobile top bar), bare routes, safe redirects.
import { matchPath } from 'react-router';
import type { WebCatalogue } from '@tradewind/i18n';

export type TitleKey = `titles.${keyof WebCatalogue['titles'] & string}`;

export function routeTitleKey(
  screens: readonly { path: string; title: TitleKey }[],
  pathname: string,
): TitleKey | null {
  // Static paths win over parameters (/nfts/mine before /nfts/:id), as in the router.
  const exact = screens.find((s) => s.path === pathname);
  if (exact) return exact.title;
  return screens.find((s) => matchPath(s.path, pathname))?.title ?? null;
}

/** Routes shown without top and bottom bars: sign-up, login, reset, onboarding and the Google return page. */
export function isBareRoute(pathname: string): boolean {
  return (
    pathname.startsWith('/pass/') ||
    pathname === '/introduction' ||
    pathname.startsWith('/api/loginCallback/')
  );
}

/**
 * Only same-origin paths are followed after login or onboarding. Browsers read "\\" as "/" and drop tabs and
 * line breaks inside URLs, so "/\\evil.example" or "/\t/evil.example" would leave the site: a target must be
 * a path ("/…", not "//…") made of printable characters without a backslash, and still resolve to this origin.
 */
export function sameOriginPath(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  if (/[\\\s]/.test(target) || [...target].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) return null;
  const base = 'https://tradewind.invalid';
  try {
    const url = new URL(target, base);
    return url.origin === base ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** Where to go after login: a same-origin path outside the auth pages (no loop back to login), else home. */
export function safeRedirect(target: string | null | undefined): string {
  const path = sameOriginPath(target);
  return path && !path.startsWith('/pass/') ? path : '/';
}

/** `path` carrying on the current page's `redirect` (login ⇄ sign-up keep where the customer was going). */
export function withRedirect(path: string, search: URLSearchParams): string {
  const redirect = search.get('redirect');
  return redirect ? `${path}?${new URLSearchParams({ redirect }).toString()}` : path;
}

/** The first path segment names the active mobile tab ("/profile/invite" → "profile"). */
export function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}
