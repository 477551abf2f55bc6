// The content editor's calls (manageContent): items of a type with their missing languages, one item with
// every translation, and the changes; the server sanitizes every body and writes the audit rows.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminContentDetail,
  AdminContentItem,
  ContentPreview,
  CreateContentBody,
  OrderContentsBody,
  Page,
  UpdateContentBody,
} from '@tradewind/contract';
import { call } from './client.ts';

/** Enough for every item of a type on one page, so the order can be set by moving rows. */
export const contentPageSize = 100;

export function useContents(type: number, page: number) {
  return useQuery({
    queryKey: ['contents', type, page],
    queryFn: async ({ signal }) =>
      (
        await call<Page<AdminContentItem>>('GET', '/contents', {
          query: { type, page, size: contentPageSize },
          signal,
        })
      ).result,
    placeholderData: keepPreviousData,
  });
}

export function useContent(id: string | null) {
  return useQuery({
    queryKey: ['content', id],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await call<AdminContentDetail>('GET', `/contents/${encodeURIComponent(id ?? '')}`, { signal })).result,
  });
}

function useSettled() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'contents' });
}

export function useCreateContent() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: CreateContentBody) => call<AdminContentDetail>('POST', '/contents', { body }),
    onSettled: settled,
  });
}

export function useUpdateContent() {
  const settled = useSettled();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: UpdateContentBody }) =>
      call<AdminContentDetail>('POST', `/contents/${encodeURIComponent(v.id)}`, { body: v.body }),
    onSuccess: (answer) => client.setQueryData(['content', answer.result.id], answer.result),
    onSettled: settled,
  });
}

export function useSetContentPublished() {
  const settled = useSettled();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; published: boolean; reason: string }) =>
      call<AdminContentDetail>(
        'POST',
        `/contents/${encodeURIComponent(v.id)}/${v.published ? 'publish' : 'unpublish'}`,
        { body: { reason: v.reason } },
      ),
    onSuccess: (answer) => client.setQueryData(['content', answer.result.id], answer.result),
    onSettled: settled,
  });
}

export function useOrderContents() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: OrderContentsBody) => call<AdminContentItem[]>('POST', '/contents/order', { body }),
    onSettled: settled,
  });
}

/** The body as the customer site will get it, from the server's own sanitizer. */
export function useContentPreview(body: string) {
  return useQuery({
    queryKey: ['content-preview', body],
    enabled: body.trim() !== '',
    queryFn: async ({ signal }) =>
      (await call<ContentPreview>('POST', '/contents/preview', { body: { body }, signal })).result,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
