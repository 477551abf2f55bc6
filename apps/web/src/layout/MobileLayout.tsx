// Mobile layout (spec.md §2): top bar with back, logo, title and tools; bottom tab bar chosen from the first
// path segment; both hidden on the auth routes.
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { TwoFactorOffer } from '../screens/account/security/TwoFactorOffer.tsx';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import {
  BackIcon,
  HomeIcon,
  LoanIcon,
  Logo,
  MarketIcon,
  NftIcon,
  SmartIcon,
  UserIcon,
} from '../ui/icons.tsx';
import { BookChip } from './BookSwitch.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { loginPathFor, useHere } from './RequireLogin.tsx';
import { SupportLink } from './bits.tsx';
import { firstSegment, routeTitleKey, type TitleKey } from '../app/routeMeta.ts';
import { screens } from '../app/screens.ts';
import { Spinner } from '../ui/kit.tsx';
import { WordBreaks } from '../ui/WordBreaks.tsx';

export const mobileTabs = [
  { segment: '', to: '/', key: 'nav.home', Icon: HomeIcon },
  { segment: 'market', to: '/market', key: 'nav.market', Icon: MarketIcon },
  { segment: 'trading', to: '/trading', key: 'nav.trading', Icon: SmartIcon },
  { segment: 'loan', to: '/loan', key: 'nav.loan', Icon: LoanIcon },
  { segment: 'nfts', to: '/nfts', key: 'nav.nfts', Icon: NftIcon },
  { segment: 'profile', to: '/profile', key: 'nav.account', Icon: UserIcon },
] as const;

function TopBar() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const here = useHere();
  const navigate = useNavigate();
  const titleKey: TitleKey | null = routeTitleKey(screens, pathname);
  const isTabRoot = mobileTabs.some((tab) => tab.to === pathname);
  // The book decides what every account page shows, so each of them offers the switch.
  const showBook = user !== null && (isTabRoot || firstSegment(pathname) === 'profile');
  const showTitle = pathname !== '/' && titleKey !== null;
  // A title shares 360 px with the back button or mark and the tools (book, language, bell, support, or a
  // visitor's Log in, long in Spanish or French): beside one, the language shows its globe alone and the
  // title's size steps down, so that its longest word fits whole (titles wrap between words only).
  const crowded = showTitle;
  // An account sub-page has the book chip too; its language is chosen on the account page, one tap back.
  const showLanguage = !(showBook && !isTabRoot);
  const goBack = () => {
    const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(`/${firstSegment(pathname) === 'profile' ? 'profile' : ''}`);
  };
  return (
    <header className={crowded ? 'm-topbar m-topbar-crowded' : 'm-topbar'}>
      {!isTabRoot && (
        <button type="button" className="icon-btn" onClick={goBack} aria-label={t('common.back')}>
          <BackIcon />
        </button>
      )}
      {isTabRoot && (
        <Link to="/" className="brand" aria-label={t('nav.homeLink')}>
          <Logo withName={pathname === '/'} />
        </Link>
      )}
      {showTitle && (
        // Wraps between words only (no hyphenation dictionary to break a long German word well).
        <span className="m-title">
          <WordBreaks text={t(titleKey)} locale={i18n.language} />
        </span>
      )}
      <div className="m-tools">
        {showBook && <BookChip />}
        {showLanguage && <LanguageSelect compact />}
        {user && <NotificationBell />}
        <SupportLink />
        {!user && (
          // Back to this page after logging in.
          <Link to={loginPathFor(here)} className="btn btn-primary btn-small">
            {t('auth.login.submit')}
          </Link>
        )}
      </div>
    </header>
  );
}

function TabBar() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const active = firstSegment(pathname);
  return (
    <nav className="tabbar" aria-label={t('nav.main')}>
      {mobileTabs.map(({ segment, to, key, Icon }) => (
        <Link
          key={to}
          to={to}
          className={segment === active ? 'tabbar-item active' : 'tabbar-item'}
          aria-current={segment === active ? 'page' : undefined}
        >
          <Icon size={22} />
          <span>
            <WordBreaks text={t(key)} locale={i18n.language} />
          </span>
        </Link>
      ))}
    </nav>
  );
}

export function MobileLayout({ bare }: { bare: boolean }) {
  if (bare) {
    return (
      <main id="main" className="main main-bare m-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    );
  }
  return (
    <>
      <TopBar />
      <main id="main" className="main m-main">
        {/* On a phone the offer sits in the page, above it: floating, it covered the page's last buttons. */}
        <TwoFactorOffer />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <TabBar />
    </>
  );
}
