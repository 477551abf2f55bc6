// TanStack Query hooks of the catalogue (issue 13): instruments (manageCatalogue) and the products finance
// runs (manageProducts): smart products with their plans, loan products. Writes carry the reason the audit
// log keeps; lists are refetched after each.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInstrument,
  AdminInstrumentUpdateBody,
  AdminLoanProduct,
  AdminLoanProductCreateBody,
  AdminLoanProductUpdateBody,
  AdminSmartProduct,
  AdminSmartProductCreateBody,
  AdminSmartProductUpdateBody,
  Page,
} from '@tradewind/contract';
import { call } from './client.ts';
import { pageSize } from './queries.ts';

export type InstrumentFilter = { keyword: string; type: number | undefined; enabled: boolean | undefined };

export function useInstruments(filter: InstrumentFilter, page: number) {
  return useQuery({
    queryKey: ['instruments', filter, page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await call<Page<AdminInstrument>>('GET', '/instruments', {
          query: {
            keyword: filter.keyword.trim() || undefined,
            type: filter.type,
            enabled: filter.enabled === undefined ? undefined : String(filter.enabled),
            page,
            size: pageSize,
          },
          signal,
        })
      ).result,
  });
}

export function useUpdateInstrument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; changes: AdminInstrumentUpdateBody }) =>
      call<AdminInstrument>('POST', `/instruments/${encodeURIComponent(v.id)}`, { body: v.changes }),
    onSettled: () => client.invalidateQueries({ queryKey: ['instruments'] }),
  });
}

export function useSmartProducts() {
  return useQuery({
    queryKey: ['smart-products'],
    queryFn: async ({ signal }) =>
      (await call<AdminSmartProduct[]>('GET', '/smart-products', { signal })).result,
  });
}

export function useSaveSmartProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      v:
        | { id: undefined; body: AdminSmartProductCreateBody }
        | { id: string; body: AdminSmartProductUpdateBody },
    ) =>
      v.id === undefined
        ? call<AdminSmartProduct>('POST', '/smart-products', { body: v.body })
        : call<AdminSmartProduct>('POST', `/smart-products/${encodeURIComponent(v.id)}`, { body: v.body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['smart-products'] }),
  });
}

export function useLoanProducts() {
  return useQuery({
    queryKey: ['loan-products'],
    queryFn: async ({ signal }) =>
      (await call<AdminLoanProduct[]>('GET', '/loan-products', { signal })).result,
  });
}

export function useSaveLoanProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      v:
        | { id: undefined; body: AdminLoanProductCreateBody }
        | { id: string; body: AdminLoanProductUpdateBody },
    ) =>
      v.id === undefined
        ? call<AdminLoanProduct>('POST', '/loan-products', { body: v.body })
        : call<AdminLoanProduct>('POST', `/loan-products/${encodeURIComponent(v.id)}`, { body: v.body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['loan-products'] }),
  });
}
