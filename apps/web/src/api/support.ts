// The support inbox (CONTRACT.md /swx/customer/support/*): the conversation, polled while the screen is open,
// the unread-reply count for the top bar's badge, sending, and the images (served only with the session).
import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportConversation, SupportMessage } from '@tradewind/contract';
import { session } from '../app/session.ts';
import { apiBase, api } from './client.ts';
import { useWalletKey } from './walletKey.ts';

const base = '/swx/customer/support';
export const supportPageSize = 30;
/** New replies appear without a reload: the open conversation asks again this often. */
export const conversationPollMs = 5_000;
/** The badge is a hint, not a chat: a slower poll is enough. */
export const unreadPollMs = 15_000;

function useSupportKey() {
  return [...useWalletKey(), 'support'] as const;
}

/** The conversation, newest page first; older pages load on demand and every loaded page is polled. */
export function useSupportConversation() {
  const key = useSupportKey();
  return useInfiniteQuery({
    queryKey: [...key, 'conversation'],
    enabled: key[1] !== null,
    initialPageParam: 1,
    refetchInterval: conversationPollMs,
    queryFn: async ({ pageParam, signal }) =>
      (await api.get<SupportConversation>(`${base}/list`, { page: pageParam, size: supportPageSize }, signal))
        .result,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
}

/** Every loaded message once, oldest first (a page boundary shifts when a message arrives between polls). */
export function messagesOf(pages: readonly SupportConversation[]): SupportMessage[] {
  const byId = new Map<string, SupportMessage>();
  for (const page of pages) for (const message of page.list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/** Staff replies not yet seen; listing the conversation reads them, so the badge clears on the screen. */
export function useSupportUnread() {
  const key = useSupportKey();
  return useQuery({
    queryKey: [...key, 'unread'],
    enabled: key[1] !== null,
    refetchInterval: unreadPollMs,
    queryFn: async ({ signal }) =>
      (await api.get<{ unread: number }>(`${base}/unread`, undefined, signal)).result.unread,
  });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  const key = useSupportKey();
  return useMutation({
    mutationFn: async (body: { text: string; image?: string }) =>
      (await api.post<SupportMessage>(`${base}/send`, body)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A file as a data URL, the form the send call carries an image in. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export type SupportImage =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; objectUrl: string; isImage: boolean };

/** An attached image needs the session to be read: fetched with it and shown through a blob: URL. */
export function useSupportImage(url: string): SupportImage {
  const query = useQuery({
    queryKey: ['support-image', url],
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const headers = new Headers();
      const token = session.token();
      if (token) headers.set('Authorization', token);
      const response = await fetch(url.startsWith(apiBase) ? url : `${apiBase}${url}`, { headers, signal });
      if (!response.ok) throw new Error(`image ${response.status}`);
      return response.blob();
    },
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return undefined;
    const made = URL.createObjectURL(query.data);
    setObjectUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  if (query.isError) return { state: 'failed' };
  if (!query.data || !objectUrl) return { state: 'loading' };
  return {
    state: 'ready',
    objectUrl,
    isImage: query.data.type === 'image/png' || query.data.type === 'image/jpeg',
  };
}
