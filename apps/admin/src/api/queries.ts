// TanStack Query hooks for every back-office call, named for what they fetch or do (STYLE.md "Front end").
import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DepositChannelAdmin,
  Page,
  UserInfo,
  adjustment,
  adminLoginResult,
  auditRow,
} from '@tradewind/contract';
import type { ReviewKind } from '../app/router.ts';
import { session } from '../app/session.ts';
import { call, fetchUpload } from './client.ts';

export type AuditRow = z.infer<typeof auditRow>;
export type Adjustment = z.infer<typeof adjustment>;
type LoginResult = z.infer<typeof adminLoginResult>;

/** GET ledger/audit (apps/server/src/admin/routes.ts). */
export type LedgerAudit = {
  balanced: boolean;
  entryCount: number;
  sums: Record<string, string>;
  negativeCustomerAccounts: number;
  accountsMatchingPostings?: boolean;
};

/** Review items differ per kind and are shown field by field; only the id is relied on. */
export type ReviewItem = Readonly<Record<string, unknown>> & { id: string };
export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'repaying' | 'overdue' | 'repaid';

export const pageSize = 20;
export const auditPageSize = 50;

export function useLogin() {
  return useMutation({
    mutationFn: async (body: { userName: string; password: string }) =>
      (await call<LoginResult>('POST', '/login', { body })).result,
    onSuccess: (result) => session.signIn(result),
  });
}

function toReviewItem(raw: unknown, index: number): ReviewItem {
  const item = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : { value: raw };
  const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : `#${index}`;
  return { ...item, id };
}

export function useReviews(kind: ReviewKind, status: ReviewStatus | undefined, page: number) {
  return useQuery({
    queryKey: ['reviews', kind, status ?? 'all', page],
    queryFn: async ({ signal }) => {
      const { result } = await call<Page<unknown>>('GET', `/reviews/${kind}`, {
        query: { status, page, size: pageSize },
        signal,
      });
      return { ...result, list: result.list.map(toReviewItem) };
    },
    placeholderData: keepPreviousData,
  });
}

export type Decision =
  { id: string; action: 'approve'; note?: string } | { id: string; action: 'reject'; reason: string };

export function useReviewDecision(kind: ReviewKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (d: Decision) => {
      const body = d.action === 'approve' ? (d.note ? { note: d.note } : {}) : { reason: d.reason };
      return call<unknown>('POST', `/reviews/${kind}/${encodeURIComponent(d.id)}/${d.action}`, { body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['reviews', kind] }),
  });
}

export function useUsers(keyword: string, page: number) {
  return useQuery({
    queryKey: ['users', keyword, page],
    queryFn: async ({ signal }) =>
      (await call<Page<UserInfo>>('GET', '/users', { query: { keyword, page, size: pageSize }, signal }))
        .result,
    placeholderData: keepPreviousData,
  });
}

export function useSetUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; status: 1 | 2; reason: string }) =>
      call<UserInfo>('POST', `/users/${encodeURIComponent(v.id)}/status`, {
        body: { status: v.status, reason: v.reason },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

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

/**
 * Adjustments requested but not yet approved, read from the latest 100 audit rows: the API has no list of
 * adjustments, and the request and approval rows carry the adjustment itself.
 */
export function usePendingAdjustments() {
  return useQuery({
    queryKey: ['audit', 'pending-adjustments'],
    queryFn: async ({ signal }) => {
      const { result } = await call<Page<AuditRow>>('GET', '/audit', {
        query: { page: 1, size: 100 },
        signal,
      });
      const decided = new Set(
        result.list.filter((r) => r.action !== 'adjustment.request').map((r) => r.target),
      );
      return result.list
        .filter((r) => r.action === 'adjustment.request' && !decided.has(r.target))
        .map((r) => r.after)
        .filter(isAdjustment);
    },
  });
}

function isAdjustment(value: unknown): value is Adjustment {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.amount === 'string' && typeof v.userId === 'string';
}

export function useRequestAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; book: 'demo' | 'real'; amount: string; reason: string }) =>
      call<Adjustment>('POST', '/adjustments', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['audit'] }),
  });
}

export function useApproveAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call<Adjustment>('POST', `/adjustments/${encodeURIComponent(id)}/approve`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['audit'] });
      void client.invalidateQueries({ queryKey: ['ledger-audit'] });
    },
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
