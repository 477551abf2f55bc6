// Top-bar pieces shared by both layouts: support link, theme toggle, route progress.
import { useTranslation } from 'react-i18next';
import { useParam } from '../api/content.ts';
import { toggleTheme, useTheme } from '../app/theme.ts';
import { MoonIcon, SunIcon, SupportIcon } from '../ui/icons.tsx';

/** Online support: the support_chat_url parameter, opened in a new window (spec.md §2). */
export function SupportLink() {
  const { t } = useTranslation();
  const url = useParam('support_chat_url').data ?? null;
  if (!url) return null;
  return (
    <a
      className="icon-btn"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('nav.support')}
      title={t('nav.support')}
    >
      <SupportIcon />
    </a>
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
