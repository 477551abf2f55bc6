// The support inbox (GET/POST /admin/api/support…): threads and one thread are polled so new customer
// messages appear without a reload; replies and close/reopen refresh both.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Page,
  SupportStaffMessage,
  SupportThread,
  SupportThreadDetail,
  SupportThreadStatus,
} from '@tradewind/contract';
import { call } from './client.ts';

export const threadPageSize = 20;
export const messagePageSize = 50;
/** An open thread is a conversation: asked again often. The list only needs to notice new threads. */
export const threadPollMs = 5_000;
export const listPollMs = 10_000;

export function useSupportThreads(status: SupportThreadStatus | 'all', page: number) {
  return useQuery({
    queryKey: ['support', 'threads', status, page],
    refetchInterval: listPollMs,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await call<Page<SupportThread>>('GET', '/support', {
          query: { status: status === 'all' ? undefined : status, page, size: threadPageSize },
          signal,
        })
      ).result,
  });
}

/** One thread; opening it marks the customer's messages read, so the list is refreshed after it. */
export function useSupportThread(id: string | null, page: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['support', 'thread', id, page],
    enabled: id !== null,
    refetchInterval: threadPollMs,
    queryFn: async ({ signal }) => {
      const { result } = await call<SupportThreadDetail>(
        'GET',
        `/support/${encodeURIComponent(String(id))}`,
        {
          query: { page, size: messagePageSize },
          signal,
        },
      );
      void client.invalidateQueries({ queryKey: ['support', 'threads'] });
      return result;
    },
  });
}

export function useSupportReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; text: string }) =>
      call<SupportStaffMessage>('POST', `/support/${encodeURIComponent(v.id)}/reply`, {
        body: { text: v.text },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['support'] }),
  });
}

export function useSupportSetStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; action: 'close' | 'reopen' }) =>
      call<SupportThread>('POST', `/support/${encodeURIComponent(v.id)}/${v.action}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['support'] }),
  });
}
