// TanStack Query hooks of the charity auctions (CONTRACT.md "Back office" nfts; permission manageNfts):
// the auctions, creating one, editing its artwork and texts until the first bid, and the payouts to the
// charity with the ledger's totals (a payout moves money, so it carries an Idempotency-Key).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNft,
  AdminNftCreateBody,
  AdminNftEditBody,
  AdminNftPayoutBody,
  AdminNftPayoutPage,
  NftPayout,
  NftStatus,
  Page,
} from '@tradewind/contract';
import { call } from './client.ts';
import { pageSize } from './queries.ts';

export function useAdminNfts(status: NftStatus | undefined, page: number) {
  return useQuery({
    queryKey: ['admin-nfts', status ?? 'all', page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await call<Page<AdminNft>>('GET', '/nfts', { query: { status, page, size: pageSize }, signal }))
        .result,
  });
}

export function useNftPayouts(page: number) {
  return useQuery({
    queryKey: ['admin-nft-payouts', page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await call<AdminNftPayoutPage>('GET', '/nfts/payouts', { query: { page, size: pageSize }, signal }))
        .result,
  });
}

export function useCreateNft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminNftCreateBody) => call<AdminNft>('POST', '/nfts', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin-nfts'] }),
  });
}

export function useEditNft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; changes: AdminNftEditBody }) =>
      call<AdminNft>('POST', `/nfts/${encodeURIComponent(v.id)}`, { body: v.changes }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin-nfts'] }),
  });
}

/** A payout as confirmed once: its body and the key it is sent under, again on a retry. */
export type PayoutAttempt = { body: AdminNftPayoutBody; idempotencyKey: string };

export function useRecordPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: PayoutAttempt) =>
      call<NftPayout>('POST', '/nfts/payouts', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin-nft-payouts'] }),
  });
}
