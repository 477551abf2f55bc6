// Smart plans (CONTRACT.md "Orders", "Market and content"; issue 10): the public products, the signed-in
// customer's plans, buying with the daily rate the confirm step showed, the early exit with the penalty the
// dialog showed, and the auto-renew switch. Plans live on the real book only (demo: 10102), so the order
// queries carry the user and the book like the contract queries do.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuySmartBody, Page, SmartOrder, SmartOrderStatus, SmartProduct } from '@tradewind/contract';
import { api, request } from './client.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { useSession } from '../app/session.ts';

const base = '/swx/customer/order';
/** Plans per page of "My plans". */
export const smartPageSize = 20;
/** While a plan is earning the list is fetched this often, so a paid day shows without a reload. */
export const earningRefetchMs = 60_000;

/** Names and descriptions come in the request's language, so the language is part of the key. */
export function useSmartProducts() {
  const locale = currentLocale();
  return useQuery({
    queryKey: ['smartProducts', locale],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await api.get<SmartProduct[]>('/swx/customer/index/listSmartProduct', undefined, signal)).result,
  });
}

/** ['smartOrders', userId, book]: the prefix of every smart-order query of the signed-in customer. */
export function useSmartOrdersKey() {
  const { user, isDemo } = useSession();
  return ['smartOrders', user?.id ?? null, isDemo ? 'demo' : 'real'] as const;
}

export function useSmartOrders(page: number, status?: SmartOrderStatus) {
  const key = useSmartOrdersKey();
  const locale = currentLocale();
  return useQuery({
    queryKey: [...key, locale, page, status ?? 'all'],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<SmartOrder>>(
          `${base}/listSmartOrder`,
          { page, size: smartPageSize, status },
          signal,
        )
      ).result,
    refetchInterval: (query) =>
      query.state.data?.list.some((order) => order.status === 'earning') ? earningRefetchMs : false,
  });
}

/** Everything a plan changes: the plan lists, the balances and the fund records. */
function useAfterMoney() {
  const queryClient = useQueryClient();
  const key = useSmartOrdersKey();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
  };
}

export type BuySmartInput = BuySmartBody & {
  /** One per confirm, reused when the same confirm is sent again (DESIGN.md §1.2). */
  idempotencyKey: string;
};

export function useBuySmart() {
  const after = useAfterMoney();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: BuySmartInput) =>
      request<SmartOrder>('POST', `${base}/buySmart`, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: after,
  });
}

export function useRedeemSmart() {
  const after = useAfterMoney();
  return useMutation({
    mutationFn: ({
      id,
      quotedPenalty,
      idempotencyKey,
    }: {
      id: string;
      quotedPenalty: string;
      idempotencyKey: string;
    }) =>
      request<SmartOrder>('POST', `${base}/redeemSmart/${encodeURIComponent(id)}`, {
        body: { quotedPenalty },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: after,
  });
}

export function useSmartAutoRenew() {
  const queryClient = useQueryClient();
  const key = useSmartOrdersKey();
  return useMutation({
    mutationFn: ({ id, autoRenew }: { id: string; autoRenew: boolean }) =>
      request<SmartOrder>('POST', `${base}/smartAutoRenew/${encodeURIComponent(id)}`, {
        body: { autoRenew },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
