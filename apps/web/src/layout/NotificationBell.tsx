// The top bar's bell (both layouts): the signed-in customer's notifications, with the unread count as a badge
// and in the accessible name ("Notifications, 3 unread"); polled, and refreshed when one is read.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadNotifications } from '../api/notifications.ts';
import { formatInteger } from '../i18n/format.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { BellIcon } from '../ui/icons.tsx';
import './notification-bell.css';

export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications().data ?? 0;
  const number = formatInteger(unread, currentLocale());
  const label = unread > 0 ? t('nav.notificationsUnread', { number }) : t('nav.notifications');
  return (
    <Link
      to="/profile/notification"
      className="icon-btn notification-bell"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
      <BellIcon />
      {unread > 0 && (
        <span className="notification-badge" aria-hidden="true" data-testid="notification-badge">
          {unread > 99 ? `${formatInteger(99, currentLocale())}+` : number}
        </span>
      )}
    </Link>
  );
}
