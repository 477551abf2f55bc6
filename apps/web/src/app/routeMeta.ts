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

/** Only same-site paths are followed after login (no "//evil.example"). */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/pass/')
    ? target
    : '/';
}

/** The first path segment names the active mobile tab ("/profile/invite" → "profile"). */
export function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}
