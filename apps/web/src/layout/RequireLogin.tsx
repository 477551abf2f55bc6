// Account pages for visitors: a prompt to log in or sign up, returning to the page afterwards.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { LockIcon } from '../ui/icons.tsx';

export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  if (user) return <>{children}</>;
  const redirect = new URLSearchParams({ redirect: location.pathname + location.search }).toString();
  return (
    <div className="login-prompt card">
      <span className="empty-icon">
        <LockIcon size={28} />
      </span>
      <h2>{t('account.loginPrompt.title')}</h2>
      <p className="muted">{t('account.loginPrompt.text')}</p>
      <div className="row-actions">
        <Link to={`/pass/login?${redirect}`} className="btn btn-primary">
          {t('auth.login.submit')}
        </Link>
        <Link to="/pass/register" className="btn btn-secondary">
          {t('auth.register.submit')}
        </Link>
      </div>
    </div>
  );
}
