// Notifications (reviews, credits, adjustments): unread ones marked, read one by one or all at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@tradewind/contract';
import { notificationPageSize, useNotifications, useReadNotification } from '../../api/notifications.ts';
import { formatDateTime, formatInteger } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { Pager } from '../../ui/wallet/parts.tsx';
import '../../ui/wallet/wallet.css';

function Item({ item }: { item: NotificationItem }) {
  const { t } = useTranslation('wallet');
  const read = useReadNotification();
  return (
    <li className={item.read ? 'notice' : 'notice notice-unread'} data-testid="notification">
      <span className="notice-dot" aria-hidden="true" />
      <div className="notice-main">
        <p className="notice-title">
          {!item.read && <span className="visually-hidden">{t('notifications.unreadLabel')} </span>}
          {item.title}
        </p>
        {item.body && <p className="notice-body">{item.body}</p>}
        <time className="muted small" dateTime={new Date(item.createdAt).toISOString()}>
          {formatDateTime(item.createdAt, currentLocale())}
        </time>
      </div>
      {!item.read && (
        <button
          type="button"
          className="btn btn-text btn-small"
          disabled={read.isPending}
          onClick={() => read.mutate(item.id, { onError: (error) => toast(error.message, 'error') })}
        >
          {t('notifications.markRead')}
        </button>
      )}
    </li>
  );
}

export default function Notifications() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  const [page, setPage] = useState(1);
  const notifications = useNotifications(page);
  const readAll = useReadNotification();
  const unread = notifications.data?.unread ?? 0;
  return (
    <Page title={tw('titles.notifications')} narrow>
      <RequireLogin>
        <div className="card">
          <div className="section-head">
            <p className="muted" data-testid="unread-count">
              {unread > 0
                ? t('notifications.unread', { number: formatInteger(unread, currentLocale()) })
                : t('notifications.allRead')}
            </p>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={unread === 0 || readAll.isPending}
              onClick={() => readAll.mutate(undefined, { onError: (error) => toast(error.message, 'error') })}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          {notifications.isPending ? (
            <Spinner />
          ) : notifications.isError ? (
            <ErrorNote message={notifications.error.message} />
          ) : notifications.data.list.length === 0 ? (
            <EmptyState title={t('notifications.empty')} />
          ) : (
            <ul className="notices">
              {notifications.data.list.map((item) => (
                <Item key={item.id} item={item} />
              ))}
            </ul>
          )}
          {notifications.data && (
            <Pager
              page={page}
              size={notificationPageSize}
              total={notifications.data.total}
              onPage={setPage}
            />
          )}
        </div>
      </RequireLogin>
    </Page>
  );
}
