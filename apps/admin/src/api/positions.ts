// TanStack Query hooks for the read-only contract views (GET positions, GET exposure): fetched, never changed.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPosition, Book, ContractStatus, Exposure, Page } from '@tradewind/contract';
import { call } from './client.ts';

export const positionsPageSize = 20;

export type PositionFilters = { code: string; userId: string; book: Book | 'all' };

export function usePositions(status: ContractStatus, filters: PositionFilters, page: number) {
  return useQuery({
    queryKey: ['positions', status, filters, page],
    queryFn: async ({ signal }) => {
      const query = {
        status,
        code: filters.code,
        userId: filters.userId,
        book: filters.book === 'all' ? undefined : filters.book,
        page,
        size: positionsPageSize,
      };
      return (await call<Page<AdminPosition>>('GET', '/positions', { query, signal })).result;
    },
    placeholderData: keepPreviousData,
  });
}

export function useExposure(book: Book) {
  return useQuery({
    queryKey: ['exposure', book],
    queryFn: async ({ signal }) =>
      (await call<Exposure>('GET', '/exposure', { query: { book }, signal })).result,
    placeholderData: keepPreviousData,
  });
}
