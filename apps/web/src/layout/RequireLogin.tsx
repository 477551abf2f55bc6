// Account pages for visitors: a prompt to log in or sign up, returning to the page afterwards. While one is
// on screen, a session that ends (401) sends the customer to login; public pages just sign out quietly.
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { LockIcon } from '../ui/icons.tsx';

/** The page (path + query) on which the last session ended by a 401, if any. */
let sessionEndedOn: string | null = null;

/** Called on a forced sign-out: an account page showing that path (now or once its chunk loads) goes to login. */
export function noteSessionEnded(path: string): void {
  sessionEndedOn = path;
}

/** The login page that returns to `path` (a same-origin path + query) afterwards. */
export function loginPathFor(path: string): string {
  return `/pass/login?${new URLSearchParams({ redirect: path }).toString()}`;
}

/** The sign-up page that goes on to `path` afterwards. */
export function registerPathFor(path: string): string {
  return `/pass/register?${new URLSearchParams({ redirect: path }).toString()}`;
}

/** The current page (path + query), where login and sign-up links return to. */
export function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const here = useHere();
  if (user) return <>{children}</>;
  // The session ended here (not a visitor opening the page): straight to login, and back afterwards.
  if (sessionEndedOn === here) return <Navigate to={loginPathFor(here)} replace />;
  return (
    <div className="login-prompt card">
      <span className="empty-icon">
        <LockIcon size={28} />
      </span>
      <h2>{t('account.loginPrompt.title')}</h2>
      <p className="muted">{t('account.loginPrompt.text')}</p>
      <div className="row-actions">
        <Link to={loginPathFor(here)} className="btn btn-primary">
          {t('auth.login.submit')}
        </Link>
        <Link to={registerPathFor(here)} className="btn btn-secondary">
          {t('auth.register.submit')}
        </Link>
      </div>
    </div>
  );
}
