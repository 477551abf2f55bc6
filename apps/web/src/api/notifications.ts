// The user's notifications (CONTRACT.md listNotification / readNotification): reviews, credits, adjustments.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem, Page } from '@tradewind/contract';
import { api } from './client.ts';
import { useWalletKey } from './walletKey.ts';

const base = '/swx/customer/user';
export const notificationPageSize = 20;
/** The top bar's unread count: a new review result shows within this long, without a reload. */
export const unreadPollMs = 20_000;

export type NotificationPage = Page<NotificationItem> & { unread: number };

export function useNotifications(page: number) {
  const key = useWalletKey();
  return useQuery({
    queryKey: [...key, 'notifications', page],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get<NotificationPage>(
          `${base}/listNotification`,
          { page, size: notificationPageSize },
          signal,
        )
      ).result,
  });
}

/**
 * How many notifications are unread, for the bell: the first page's `unread` with one row. Under the
 * notifications key, so reading one (or all) refreshes the bell at once.
 */
export function useUnreadNotifications() {
  const key = useWalletKey();
  return useQuery({
    queryKey: [...key, 'notifications', 'unread'],
    enabled: key[1] !== null,
    refetchInterval: unreadPollMs,
    queryFn: async ({ signal }) =>
      (await api.get<NotificationPage>(`${base}/listNotification`, { page: 1, size: 1 }, signal)).result
        .unread,
  });
}

/** Marks the given notifications read (those a page shows), or all of them when none are given. */
export function useReadNotification() {
  const queryClient = useQueryClient();
  const key = useWalletKey();
  return useMutation({
    mutationFn: async (ids?: readonly string[]) =>
      (await api.post<null>(`${base}/readNotification`, ids === undefined ? {} : { ids })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, 'notifications'] }),
  });
}
