// TanStack Query hooks for the back-office calls, named for what they fetch or do (STYLE.md "Front end");
// the review queues and adjustments are in reviews.ts.
import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DepositChannelAdmin, Page, auditRow } from '@tradewind/contract';
import { call, fetchUpload } from './client.ts';

export type AuditRow = z.infer<typeof auditRow>;

/** GET ledger/audit (apps/server/src/admin/routes.ts). */
export type LedgerAudit = {
  balanced: boolean;
  entryCount: number;
  sums: Record<string, string>;
  negativeCustomerAccounts: number;
  accountsMatchingPostings?: boolean;
};

export const pageSize = 20;
export const auditPageSize = 50;

export function useLedgerAudit() {
  return useQuery({
    queryKey: ['ledger-audit'],
    queryFn: async ({ signal }) => (await call<LedgerAudit>('GET', '/ledger/audit', { signal })).result,
  });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: ['audit', page],
    queryFn: async ({ signal }) =>
      (await call<Page<AuditRow>>('GET', '/audit', { query: { page, size: auditPageSize }, signal })).result,
    placeholderData: keepPreviousData,
  });
}

export function useDepositChannels() {
  return useQuery({
    queryKey: ['deposit-channels'],
    queryFn: async ({ signal }) =>
      (await call<Page<DepositChannelAdmin>>('GET', '/deposit-channels', { signal })).result,
  });
}

/** What the back office may change on a channel: no rate (it comes from the feed), only a disclosed spread. */
export type ChannelChanges = Partial<{
  address: string;
  minAmount: string;
  spreadBps: number;
  enabled: boolean;
  sort: number;
}> & { reason: string };

export function useUpdateDepositChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; changes: ChannelChanges }) =>
      call<DepositChannelAdmin>('POST', `/deposit-channels/${encodeURIComponent(v.id)}`, { body: v.changes }),
    onSettled: () => client.invalidateQueries({ queryKey: ['deposit-channels'] }),
  });
}

export type UploadState =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; objectUrl: string; isImage: boolean };

/** An evidence file fetched with the admin token and shown through a blob: URL, revoked when unused. */
export function useUpload(url: string): UploadState {
  const [upload, setUpload] = useState<UploadState & { url: string }>({ state: 'loading', url });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    fetchUpload(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUpload({ state: 'ready', objectUrl, isImage: blob.type.startsWith('image/'), url });
      },
      () => {
        if (!controller.signal.aborted) setUpload({ state: 'failed', url });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return upload.url === url ? upload : { state: 'loading' };
}
