// Desktop layout (spec.md §2): top bar with tabs and tools, page, footer; no bars on the auth routes.
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { Logo } from '../ui/icons.tsx';
import { Spinner } from '../ui/kit.tsx';
import { BookSwitch } from './BookSwitch.tsx';
import { copyrightYear, FooterGroups } from './FooterGroups.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { loginPathFor, registerPathFor, useHere } from './RequireLogin.tsx';
import { SupportLink, ThemeToggle } from './bits.tsx';

function TopBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Log in and sign up return to the page the customer was on.
  const here = useHere();
  const tabs = [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/market', label: t('nav.market'), end: false },
    { to: '/trading', label: t('nav.trading'), end: false },
    { to: '/profile', label: t('nav.account'), end: false },
  ];
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="brand" aria-label={t('nav.homeLink')}>
          <Logo />
        </Link>
        <nav className="tabs" aria-label={t('nav.main')}>
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end={tab.end} className="tab">
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <div className="topbar-tools">
          {user && <BookSwitch />}
          {user && <NotificationBell />}
          <SupportLink />
          <LanguageSelect />
          <ThemeToggle />
          {user ? (
            <Link to="/profile" className="btn btn-ghost btn-small user-chip">
              {user.userName}
            </Link>
          ) : (
            <>
              <Link to={loginPathFor(here)} className="btn btn-ghost btn-small">
                {t('auth.login.submit')}
              </Link>
              <Link to={registerPathFor(here)} className="btn btn-primary btn-small">
                {t('auth.register.submit')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Logo />
          <p>{t('footer.tagline')}</p>
          <p className="footer-risk">{t('footer.risk')}</p>
        </div>
        <FooterGroups />
      </div>
      <p className="copyright">{t('footer.copyright', { year: copyrightYear })}</p>
    </footer>
  );
}

export function DesktopLayout({ bare }: { bare: boolean }) {
  if (bare) {
    return (
      <main id="main" className="main main-bare">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    );
  }
  return (
    <>
      <TopBar />
      <main id="main" className="main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
