// Every route of spec.md §2 plus NFT detail, my NFTs, records, orders, change password, about and legal.
// Each screen is a lazy chunk with the title key shown in the mobile top bar.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { ensureAllNamespaces } from '../i18n/i18n.ts';
import type { TitleKey } from './routeMeta.ts';

/** A lazy screen whose chunk can also be fetched before its first render. */
type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `catalogue`: what the screen's texts need besides its chunk, fetched beside it. Home's namespaces are
 * loaded at start; any other screen waits for the rest of the language's namespaces.
 */
function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  catalogue: () => Promise<void> = ensureAllNamespaces,
): LazyScreen {
  const loadWithTexts = () => Promise.all([load(), catalogue()]).then(([screen]) => screen);
  // The browser keeps one module per URL, so lazy() finds the preloaded chunk instead of fetching it again.
  return Object.assign(lazy(loadWithTexts), { preload: loadWithTexts });
}

const homeTexts = () => Promise.resolve();

type Screen = { path: string; title: TitleKey; Component: LazyScreen };

export const screens: readonly Screen[] = [
  { path: '/', title: 'titles.home', Component: lazyScreen(() => import('../screens/Home.tsx'), homeTexts) },
  {
    path: '/market',
    title: 'titles.market',
    Component: lazyScreen(() => import('../screens/market/MarketList.tsx')),
  },
  {
    path: '/cruuency',
    title: 'titles.currency',
    Component: lazyScreen(() => import('../screens/market/CurrencyDetail.tsx')),
  },
  {
    path: '/trading',
    title: 'titles.trading',
    Component: lazyScreen(() => import('../screens/Trading.tsx')),
  },
  { path: '/loan', title: 'titles.loan', Component: lazyScreen(() => import('../screens/Loan.tsx')) },
  { path: '/nfts', title: 'titles.nfts', Component: lazyScreen(() => import('../screens/nfts/Nfts.tsx')) },
  {
    path: '/nfts/mine',
    title: 'titles.myNfts',
    Component: lazyScreen(() => import('../screens/nfts/MyNfts.tsx')),
  },
  {
    path: '/nfts/:id',
    title: 'titles.nftDetail',
    Component: lazyScreen(() => import('../screens/nfts/NftDetail.tsx')),
  },
  {
    path: '/profile',
    title: 'titles.account',
    Component: lazyScreen(() => import('../screens/account/Profile.tsx')),
  },
  {
    path: '/profile/balance',
    title: 'titles.balance',
    Component: lazyScreen(() => import('../screens/account/Balance.tsx')),
  },
  {
    path: '/profile/recharge',
    title: 'titles.recharge',
    Component: lazyScreen(() => import('../screens/account/Recharge.tsx')),
  },
  {
    path: '/profile/withdraw',
    title: 'titles.withdraw',
    Component: lazyScreen(() => import('../screens/account/Withdraw.tsx')),
  },
  {
    path: '/profile/invite',
    title: 'titles.invite',
    Component: lazyScreen(() => import('../screens/account/Invite.tsx')),
  },
  {
    path: '/profile/notification',
    title: 'titles.notifications',
    Component: lazyScreen(() => import('../screens/account/Notifications.tsx')),
  },
  {
    path: '/profile/records',
    title: 'titles.records',
    Component: lazyScreen(() => import('../screens/account/Records.tsx')),
  },
  {
    path: '/profile/verification',
    title: 'titles.verification',
    Component: lazyScreen(() => import('../screens/account/Verification.tsx')),
  },
  {
    path: '/profile/orders',
    title: 'titles.orders',
    Component: lazyScreen(() => import('../screens/account/Orders.tsx')),
  },
  {
    path: '/profile/password',
    title: 'titles.changePassword',
    Component: lazyScreen(() => import('../screens/account/ChangePassword.tsx')),
  },
  {
    path: '/profile/security',
    title: 'titles.security',
    Component: lazyScreen(() => import('../screens/account/security/SecurityPage.tsx')),
  },
  {
    path: '/security/revoke',
    title: 'titles.signOutLink',
    Component: lazyScreen(() => import('../screens/account/security/SignOutLink.tsx')),
  },
  { path: '/help', title: 'titles.help', Component: lazyScreen(() => import('../screens/help/Help.tsx')) },
  { path: '/help/faq', title: 'titles.faq', Component: lazyScreen(() => import('../screens/help/Faq.tsx')) },
  {
    path: '/help/notice',
    title: 'titles.notices',
    Component: lazyScreen(() => import('../screens/help/Notices.tsx')),
  },
  {
    path: '/help/support',
    title: 'titles.support',
    Component: lazyScreen(() => import('../screens/help/Support.tsx')),
  },
  {
    path: '/pass/register',
    title: 'titles.register',
    Component: lazyScreen(() => import('../screens/auth/Register.tsx')),
  },
  {
    path: '/pass/login',
    title: 'titles.login',
    Component: lazyScreen(() => import('../screens/auth/Login.tsx')),
  },
  {
    path: '/pass/reset',
    title: 'titles.reset',
    Component: lazyScreen(() => import('../screens/auth/Reset.tsx')),
  },
  {
    path: '/detail',
    title: 'titles.detail',
    Component: lazyScreen(() => import('../screens/content/Detail.tsx')),
  },
  {
    path: '/introduction',
    title: 'titles.introduction',
    Component: lazyScreen(() => import('../screens/Introduction.tsx')),
  },
  {
    path: '/about',
    title: 'titles.about',
    Component: lazyScreen(() => import('../screens/content/About.tsx')),
  },
  {
    path: '/legal',
    title: 'titles.legal',
    Component: lazyScreen(() => import('../screens/content/Legal.tsx')),
  },
  {
    path: '/api/loginCallback/google',
    title: 'titles.googleCallback',
    Component: lazyScreen(() => import('../screens/auth/GoogleCallback.tsx')),
  },
];

/**
 * Starts fetching the chunk of the screen at `pathname`. At start the app fetches the language catalogue
 * first; without this the screen's chunk would only be asked for after it, at the first render.
 */
export function preloadScreen(pathname: string): void {
  // Static paths win over parameters (/nfts/mine before /nfts/:id), as in the router.
  const screen = screens.find((s) => s.path === pathname) ?? screens.find((s) => matchPath(s.path, pathname));
  // A failure is not reported here: lazy() imports again at the first render and shows it there.
  void screen?.Component.preload().catch(() => undefined);
}
