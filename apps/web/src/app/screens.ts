// Every route of spec.md §2 plus NFT detail, my NFTs, records, orders, change password, about and legal.
// Each screen is a lazy chunk with the title key shown in the mobile top bar.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TitleKey } from './routeMeta.ts';

type Screen = { path: string; title: TitleKey; Component: LazyExoticComponent<ComponentType> };

export const screens: readonly Screen[] = [
  { path: '/', title: 'titles.home', Component: lazy(() => import('../screens/Home.tsx')) },
  {
    path: '/market',
    title: 'titles.market',
    Component: lazy(() => import('../screens/market/MarketList.tsx')),
  },
  {
    path: '/cruuency',
    title: 'titles.currency',
    Component: lazy(() => import('../screens/market/CurrencyDetail.tsx')),
  },
  { path: '/trading', title: 'titles.trading', Component: lazy(() => import('../screens/Trading.tsx')) },
  { path: '/loan', title: 'titles.loan', Component: lazy(() => import('../screens/Loan.tsx')) },
  { path: '/nfts', title: 'titles.nfts', Component: lazy(() => import('../screens/nfts/Nfts.tsx')) },
  { path: '/nfts/mine', title: 'titles.myNfts', Component: lazy(() => import('../screens/nfts/MyNfts.tsx')) },
  {
    path: '/nfts/:id',
    title: 'titles.nftDetail',
    Component: lazy(() => import('../screens/nfts/NftDetail.tsx')),
  },
  {
    path: '/profile',
    title: 'titles.account',
    Component: lazy(() => import('../screens/account/Profile.tsx')),
  },
  {
    path: '/profile/balance',
    title: 'titles.balance',
    Component: lazy(() => import('../screens/account/Balance.tsx')),
  },
  {
    path: '/profile/recharge',
    title: 'titles.recharge',
    Component: lazy(() => import('../screens/account/Recharge.tsx')),
  },
  {
    path: '/profile/withdraw',
    title: 'titles.withdraw',
    Component: lazy(() => import('../screens/account/Withdraw.tsx')),
  },
  {
    path: '/profile/invite',
    title: 'titles.invite',
    Component: lazy(() => import('../screens/account/Invite.tsx')),
  },
  {
    path: '/profile/notification',
    title: 'titles.notifications',
    Component: lazy(() => import('../screens/account/Notifications.tsx')),
  },
  {
    path: '/profile/records',
    title: 'titles.records',
    Component: lazy(() => import('../screens/account/Records.tsx')),
  },
  {
    path: '/profile/verification',
    title: 'titles.verification',
    Component: lazy(() => import('../screens/account/Verification.tsx')),
  },
  {
    path: '/profile/orders',
    title: 'titles.orders',
    Component: lazy(() => import('../screens/account/Orders.tsx')),
  },
  {
    path: '/profile/password',
    title: 'titles.changePassword',
    Component: lazy(() => import('../screens/account/ChangePassword.tsx')),
  },
  { path: '/help', title: 'titles.help', Component: lazy(() => import('../screens/help/Help.tsx')) },
  { path: '/help/faq', title: 'titles.faq', Component: lazy(() => import('../screens/help/Faq.tsx')) },
  {
    path: '/help/notice',
    title: 'titles.notices',
    Component: lazy(() => import('../screens/help/Notices.tsx')),
  },
  {
    path: '/pass/register',
    title: 'titles.register',
    Component: lazy(() => import('../screens/auth/Register.tsx')),
  },
  { path: '/pass/login', title: 'titles.login', Component: lazy(() => import('../screens/auth/Login.tsx')) },
  { path: '/pass/reset', title: 'titles.reset', Component: lazy(() => import('../screens/auth/Reset.tsx')) },
  { path: '/detail', title: 'titles.detail', Component: lazy(() => import('../screens/content/Detail.tsx')) },
  {
    path: '/introduction',
    title: 'titles.introduction',
    Component: lazy(() => import('../screens/Introduction.tsx')),
  },
  { path: '/about', title: 'titles.about', Component: lazy(() => import('../screens/content/About.tsx')) },
  { path: '/legal', title: 'titles.legal', Component: lazy(() => import('../screens/content/Legal.tsx')) },
  {
    path: '/api/loginCallback/google',
    title: 'titles.googleCallback',
    Component: lazy(() => import('../screens/auth/GoogleCallback.tsx')),
  },
];
