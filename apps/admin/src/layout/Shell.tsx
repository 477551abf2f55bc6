// The signed-in frame: header (who, role, language, sign out), the section navigation, and the screen.
// A role sees only the sections it can use (the shared permission table), and every page names itself in
// the tab title: "Reviews · Tradewind back office".
import { useEffect, type ReactNode } from 'react';
import { signOut } from '../api/account.ts';
import type { Route, Screen } from '../app/router.ts';
import type { AdminSession } from '../app/session.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { mayOpen, queuesOf } from '../app/review-queues.ts';
import { Brand } from './Brand.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { Link } from './Link.tsx';

/**
 * A section is listed only for roles that can open it (app/review-queues.ts: the permission the server asks
 * of the screen's list; the screen still says so if opened by its address). Reviews lead to the role's
 * first queue.
 */
type Section = { screen: Screen; label: MessageKey; to: Route; icon: string };
const sections: Section[] = [
  {
    screen: 'dashboard',
    label: 'nav.dashboard',
    to: { screen: 'dashboard' },
    icon: 'M4 13h6V4H4zm10 7h6V4h-6zM4 20h6v-4H4z',
  },
  {
    screen: 'reviews',
    label: 'nav.reviews',
    to: { screen: 'reviews', kind: 'deposits' },
    icon: 'M4 5h16M4 12h16M4 19h10',
  },
  {
    screen: 'customers',
    label: 'nav.users',
    to: { screen: 'customers' },
    icon: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m2-9a3 3 0 1 0 0-6m4 15c0-2.8-1.6-5-4-5.6',
  },
  {
    screen: 'ledger',
    label: 'nav.ledger',
    to: { screen: 'ledger' },
    icon: 'M12 3v18M5 7h14M3 14l2-7 2 7a2 2 0 0 1-4 0Zm14 0 2-7 2 7a2 2 0 0 1-4 0ZM8 21h8',
  },
  {
    screen: 'audit',
    label: 'nav.audit',
    to: { screen: 'audit' },
    icon: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6',
  },
  {
    screen: 'adjustments',
    label: 'nav.adjustments',
    to: { screen: 'adjustments' },
    icon: 'M4 8h12m0 0-3-3m3 3-3 3M20 16H8m0 0 3-3m-3 3 3 3',
  },
  {
    screen: 'channels',
    label: 'nav.channels',
    to: { screen: 'channels' },
    icon: 'M3 10h18M5 10V7l7-4 7 4v3M6 10v7m4-7v7m4-7v7m4-7v7M4 20h16',
  },
  {
    screen: 'positions',
    label: 'nav.positions',
    to: { screen: 'positions', status: 'open' },
    icon: 'M4 19V5m0 14h16M8 15l3-4 3 2 5-6',
  },
  {
    screen: 'exposure',
    label: 'nav.exposure',
    to: { screen: 'exposure' },
    icon: 'M12 3v18M5 8h14l-3 6h-8zM8 21h8',
  },
  {
    screen: 'nfts',
    label: 'nav.nfts',
    to: { screen: 'nfts' },
    icon: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z',
  },
  {
    screen: 'support',
    label: 'nav.support',
    to: { screen: 'support' },
    icon: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  },
  {
    screen: 'instruments',
    label: 'nav.instruments',
    to: { screen: 'instruments' },
    icon: 'M4 19V5m0 14h16M7 15V9m4 6V7m4 8v-4m4 4V9',
  },
  {
    screen: 'products',
    label: 'nav.products',
    to: { screen: 'products' },
    icon: 'M4 7l8-4 8 4-8 4zm0 0v10l8 4 8-4V7M12 11v10',
  },
  {
    screen: 'contents',
    label: 'nav.contents',
    to: { screen: 'contents' },
    icon: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
  },
  {
    screen: 'exports',
    label: 'nav.exports',
    to: { screen: 'exports' },
    icon: 'M12 4v11m0 0-4-4m4 4 4-4M5 20h14',
  },
  {
    screen: 'staff',
    label: 'nav.staff',
    to: { screen: 'staff' },
    icon: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z',
  },
  {
    screen: 'params',
    label: 'nav.params',
    to: { screen: 'params' },
    icon: 'M4 6h10m4 0h2M4 12h4m4 0h8M4 18h12m4 0h0M14 4v4M8 10v4M16 16v4',
  },
];

export function Shell({
  admin,
  route,
  children,
}: {
  admin: AdminSession['admin'];
  route: Route;
  children: ReactNode;
}) {
  const { t } = useT();
  const visible = sections.flatMap((s): Section[] => {
    const [first] = queuesOf(admin.role);
    const to: Route = s.screen === 'reviews' && first ? { screen: 'reviews', kind: first } : s.to;
    return mayOpen(admin.role, to) ? [{ ...s, to }] : [];
  });
  const current = sections.find((s) => s.screen === route.screen);
  const page = route.screen === 'account' ? t('nav.account') : current ? t(current.label) : null;
  usePageTitle(page);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <Brand />
        <div className="topbar-end">
          <span className="whoami">
            <span className="visually-hidden">{t('app.signedInAs', { name: admin.userName })}</span>
            <span aria-hidden="true" className="whoami-name">
              {admin.userName}
            </span>
            <span className="role-chip">{t(`roles.${admin.role}`)}</span>
          </span>
          <Link
            to={{ screen: 'account' }}
            current={route.screen === 'account'}
            className="button button-ghost"
          >
            {t('nav.account')}
          </Link>
          <LanguageSelect />
          <button type="button" className="button button-ghost" onClick={() => void signOut()}>
            {t('app.signOut')}
          </button>
        </div>
      </header>
      <nav className="sidebar" aria-label={t('app.sections')}>
        <ul>
          {visible.map((s) => (
            <li key={s.screen}>
              <Link to={s.to} current={route.screen === s.screen} className="nav-link">
                <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
                  <path
                    d={s.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                </svg>
                {t(s.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The tab's title: the page, then the product ("Reviews · Tradewind back office"); in the chosen language. */
export function usePageTitle(page: string | null): void {
  const { t } = useT();
  const title = page ? `${page} · ${t('app.title')}` : t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
