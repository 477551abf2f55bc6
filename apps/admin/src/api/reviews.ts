// TanStack Query hooks of the review queues and the four-eyes adjustments, typed by the contract's item of
// each kind (CONTRACT.md "Back office": reviews/{kind}, adjustments).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Adjustment,
  AdjustmentLimits,
  AdjustmentStatus,
  Page,
  ReviewItemOf,
  ReviewQueueKind,
  reviewQueues,
} from '@tradewind/contract';
import { call } from './client.ts';
import { pageSize } from './queries.ts';

export type QueueStatus<K extends ReviewQueueKind> = (typeof reviewQueues)[K]['statuses'][number];

export function useReviews<K extends ReviewQueueKind>(
  kind: K,
  status: QueueStatus<K> | undefined,
  page: number,
) {
  return useQuery({
    queryKey: ['reviews', kind, status ?? 'all', page],
    queryFn: async ({ signal }) =>
      (
        await call<Page<ReviewItemOf<K>>>('GET', `/reviews/${kind}`, {
          query: { status, page, size: pageSize },
          signal,
        })
      ).result,
    placeholderData: keepPreviousData,
  });
}

export type Decision =
  | { id: string; action: 'approve'; note?: string; payoutTxHash?: string }
  | { id: string; action: 'reject'; reason: string };

function decisionBody(d: Decision): Record<string, string> {
  if (d.action === 'reject') return { reason: d.reason };
  return {
    ...(d.note ? { note: d.note } : {}),
    // Sent even when empty, so the server says a crypto payout needs its hash (its field error).
    ...(d.payoutTxHash === undefined ? {} : { payoutTxHash: d.payoutTxHash }),
  };
}

export function useReviewDecision<K extends ReviewQueueKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      call<ReviewItemOf<K>>('POST', `/reviews/${kind}/${encodeURIComponent(d.id)}/${d.action}`, {
        body: decisionBody(d),
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['reviews', kind] });
      void client.invalidateQueries({ queryKey: ['ledger-audit'] });
      // A decision moves the customer's money: their 360 and the finances a loan review shows.
      void client.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}

export function useAdjustments(status: AdjustmentStatus | undefined, page: number) {
  return useQuery({
    queryKey: ['adjustments', status ?? 'all', page],
    queryFn: async ({ signal }) =>
      (
        await call<Page<Adjustment>>('GET', '/adjustments', {
          query: { status, page, size: pageSize },
          signal,
        })
      ).result,
    placeholderData: keepPreviousData,
  });
}

/** Up to `amountMax` any finance admin approves; up to `amountMaxSuperadmin` only a superadmin. */
export function useAdjustmentLimits() {
  return useQuery({
    queryKey: ['adjustments', 'limits'],
    queryFn: async ({ signal }) =>
      (await call<AdjustmentLimits>('GET', '/adjustments/limits', { signal })).result,
    staleTime: 60_000,
  });
}

export type AdjustmentRequest = { userId: string; book: 'demo' | 'real'; amount: string; reason: string };

export function useRequestAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentRequest) => call<Adjustment>('POST', '/adjustments', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['adjustments'] }),
  });
}

/** approve and reject: a second admin; cancel: the one who asked (the server checks both). */
export type AdjustmentDecision =
  | { id: string; action: 'approve'; note?: string }
  | { id: string; action: 'reject'; reason: string }
  | { id: string; action: 'cancel'; reason?: string };

export function useDecideAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: AdjustmentDecision) => {
      const body =
        d.action === 'approve'
          ? d.note
            ? { note: d.note }
            : {}
          : d.action === 'reject'
            ? { reason: d.reason }
            : d.reason
              ? { reason: d.reason }
              : {};
      return call<Adjustment>('POST', `/adjustments/${encodeURIComponent(d.id)}/${d.action}`, { body });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['adjustments'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
      void client.invalidateQueries({ queryKey: ['ledger-audit'] });
    },
  });
}
