// Account pages for visitors: a prompt to log in or sign up, returning to the page afterwards. While one is
// on screen, a session that ends (401) sends the customer to login; public pages just sign out quietly.
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { LockIcon } from '../ui/icons.tsx';

let accountPagesShown = 0;

/** Whether the page on screen is an account page (one wrapped in RequireLogin). */
export function onAccountPage(): boolean {
  return accountPagesShown > 0;
}

/** The login page that returns to `path` (a same-origin path + query) afterwards. */
export function loginPathFor(path: string): string {
  return `/pass/login?${new URLSearchParams({ redirect: path }).toString()}`;
}

export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  useEffect(() => {
    accountPagesShown++;
    return () => {
      accountPagesShown--;
    };
  }, []);
  if (user) return <>{children}</>;
  return (
    <div className="login-prompt card">
      <span className="empty-icon">
        <LockIcon size={28} />
      </span>
      <h2>{t('account.loginPrompt.title')}</h2>
      <p className="muted">{t('account.loginPrompt.text')}</p>
      <div className="row-actions">
        <Link to={loginPathFor(location.pathname + location.search)} className="btn btn-primary">
          {t('auth.login.submit')}
        </Link>
        <Link to="/pass/register" className="btn btn-secondary">
          {t('auth.register.submit')}
        </Link>
      </div>
    </div>
  );
}
