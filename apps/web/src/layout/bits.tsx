// Top-bar pieces shared by both layouts: support link, theme toggle, route progress.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useParam } from '../api/content.ts';
import { useSupportUnread } from '../api/support.ts';
import { useSession } from '../app/session.ts';
import { formatInteger } from '../i18n/format.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { toggleTheme, useTheme } from '../app/theme.ts';
import { MoonIcon, SunIcon, SupportIcon } from '../ui/icons.tsx';
import './support-link.css';

/**
 * Online support: the built-in inbox at /help/support, with a badge of unread staff replies for a signed-in
 * customer; or, when the `support_chat_url` parameter is set, that external chat in a new window (spec.md §2).
 */
export function SupportLink() {
  const { t } = useTranslation();
  const url = useParam('support_chat_url');
  if (url.isPending) return null;
  if (url.data) {
    return (
      <a
        className="icon-btn"
        href={url.data}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('nav.support')}
        title={t('nav.support')}
      >
        <SupportIcon />
      </a>
    );
  }
  return <InboxLink />;
}

function InboxLink() {
  const { t } = useTranslation();
  const { user } = useSession();
  const unread = useSupportUnread().data ?? 0;
  const shown = user !== null && unread > 0;
  const label = shown
    ? `${t('nav.support')} (${t('support.unread', { count: unread, number: formatInteger(unread, currentLocale()) })})`
    : t('nav.support');
  return (
    <Link to="/help/support" className="icon-btn support-link" aria-label={label} title={label}>
      <SupportIcon />
      {shown && (
        <span className="support-badge" aria-hidden="true" data-testid="support-badge">
          {unread > 99 ? '99+' : formatInteger(unread, currentLocale())}
        </span>
      )}
    </Link>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const label = theme === 'dark' ? t('common.lightTheme') : t('common.darkTheme');
  return (
    <button type="button" className="icon-btn" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
