// Contracts ("options", CONTRACT.md "Orders"): opening with the terms the confirm step showed, closing,
// the open and closed lists of the selected book, the recorded ticks behind a contract and the slippage
// tolerance. Query keys carry the user and the book, so neither ever sees the other's positions.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyOptionsBody, ContractStatus, OptionsContract, Page, Tick } from '@tradewind/contract';
import { api, request } from './client.ts';
import { useSession } from '../app/session.ts';

const base = '/swx/customer/order';
const index = '/swx/customer/index';
/** Closed contracts per page. */
export const ordersPageSize = 10;
/**
 * Open contracts fetched at once: the open list shows them all (the engine closes them, and a position the
 * customer cannot see could not be closed by them). Bounded by the server's page maximum.
 */
export const openListSize = 100;
/** While positions are open the list is fetched this often, so an engine close shows within 2 s. */
export const openRefetchMs = 1_000;

/** ['orders', userId, book]: the prefix of every contract query of the signed-in user's selected book. */
export function useOrdersKey() {
  const { user, isDemo } = useSession();
  return ['orders', user?.id ?? null, isDemo ? 'demo' : 'real'] as const;
}

/** The open contracts of the selected book; refetched every second while there are any. */
export function useOpenContracts() {
  const key = useOrdersKey();
  return useQuery({
    queryKey: [...key, 'open'],
    enabled: key[1] !== null,
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<OptionsContract>>(
          `${base}/listOptionsOrder`,
          { page: 1, size: openListSize, status: 'open' satisfies ContractStatus },
          signal,
        )
      ).result,
    refetchInterval: (query) => ((query.state.data?.list.length ?? 0) > 0 ? openRefetchMs : false),
  });
}

export function useClosedContracts(page: number) {
  const key = useOrdersKey();
  return useQuery({
    queryKey: [...key, 'closed', page],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<OptionsContract>>(
          `${base}/listOptionsOrder`,
          { page, size: ordersPageSize, status: 'closed' satisfies ContractStatus },
          signal,
        )
      ).result,
  });
}

export async function fetchContract(id: string, signal?: AbortSignal): Promise<OptionsContract> {
  return (
    await api.get<OptionsContract>(`${base}/getOptionsOrderById/${encodeURIComponent(id)}`, undefined, signal)
  ).result;
}

export type BuyInput = BuyOptionsBody & {
  /** One per confirm, reused when the same confirm is sent again (DESIGN.md §1.2). */
  idempotencyKey: string;
};

/** Everything a contract changes: the lists of the book and its balances. */
function useAfterMoney() {
  const queryClient = useQueryClient();
  const key = useOrdersKey();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
  };
}

export function useBuyOptions() {
  const after = useAfterMoney();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: BuyInput) =>
      request<OptionsContract>('POST', `${base}/buyOptions`, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: after,
  });
}

export function useCloseOptions() {
  const after = useAfterMoney();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      request<OptionsContract>('POST', `${base}/closeOptions/${encodeURIComponent(id)}`, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: after,
  });
}

/** A recorded tick of the tape: it never changes, so it is fetched once. */
export function useTick(id: string | undefined) {
  return useQuery({
    queryKey: ['tick', id],
    enabled: id !== undefined,
    staleTime: Infinity,
    queryFn: async ({ signal }) =>
      (await api.get<Tick>(`${index}/getTick/${encodeURIComponent(id ?? '')}`, undefined, signal)).result,
  });
}

/** `max_slippage_pct` ("0.5", a percent): how far the price may move between confirm and open. */
export function useMaxSlippagePct() {
  return useQuery({
    queryKey: ['param', 'max_slippage_pct'],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ key: string; value: string }>(
          `${index}/getParamByKey/max_slippage_pct`,
          undefined,
          signal,
        )
      ).result.value,
  });
}
