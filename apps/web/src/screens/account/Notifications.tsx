// Notifications (reviews, credits, adjustments). Opening the list reads what it shows: the unread items of the
// page on screen are marked read at once (so the bell's badge clears), and keep their "new" mark for this
// visit so the customer still sees which ones arrived since last time. Other pages' unread: "Mark all as read".
import { useEffect, useRef, useState } from 'react';
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

function Item({ item, fresh }: { item: NotificationItem; fresh: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <li
      className={fresh ? 'notice notice-unread' : 'notice'}
      data-testid="notification"
      data-fresh={fresh || undefined}
    >
      <span className="notice-dot" aria-hidden="true" />
      <div className="notice-main">
        <p className="notice-title">
          {fresh && <span className="visually-hidden">{t('notifications.newLabel')} </span>}
          {item.title}
        </p>
        {item.body && <p className="notice-body">{item.body}</p>}
        <time className="muted small" dateTime={new Date(item.createdAt).toISOString()}>
          {formatDateTime(item.createdAt, currentLocale())}
        </time>
      </div>
    </li>
  );
}

/**
 * Marks the unread items of the shown page read, once each; answers the ids that were unread when first
 * shown in this visit (they stay marked "new" after the server has them read).
 */
function useReadOnSight(list: readonly NotificationItem[] | undefined): ReadonlySet<string> {
  const read = useReadNotification();
  const { mutate } = read;
  const asked = useRef(new Set<string>());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const unseen = (list ?? []).filter((n) => !n.read && !asked.current.has(n.id)).map((n) => n.id);
    if (unseen.length === 0) return;
    for (const id of unseen) asked.current.add(id);
    setFresh((before) => new Set([...before, ...unseen]));
    // A failure leaves them unread: the badge stays and "Mark all as read" is still there.
    mutate(unseen, { onError: () => unseen.forEach((id) => asked.current.delete(id)) });
  }, [list, mutate]);
  return fresh;
}

export default function Notifications() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  const [page, setPage] = useState(1);
  const notifications = useNotifications(page);
  const readAll = useReadNotification();
  const fresh = useReadOnSight(notifications.data?.list);
  const unread = notifications.data?.unread ?? 0;
  return (
    <Page title={tw('titles.notifications')} narrow>
      <RequireLogin>
        <div className="card">
          <div className="section-head">
            <p className="muted" data-testid="unread-count" aria-live="polite">
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
                <Item key={item.id} item={item} fresh={!item.read || fresh.has(item.id)} />
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
