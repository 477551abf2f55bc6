// Market data (CONTRACT.md "Market and content" and the watchlist under "User"): one query hook per call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Candle,
  InstrumentType,
  KlinePeriod,
  MarketInfo,
  MarketItem,
  MarketStats,
} from '@tradewind/contract';
import { currentLocale } from '../i18n/i18n.ts';
import { api, ApiError } from './client.ts';
import { useSession } from '../app/session.ts';

const index = '/swx/customer/index';
const user = '/swx/customer/user';

/** Codes the server accepts (contract `instrumentCode`); anything else is not worth a request. */
export const instrumentCodePattern = /^[A-Za-z0-9]{1,20}$/;

/** Candles per chart request: enough to fill a wide chart, well under the server's 1,000. */
export const klineLimit = 300;

/**
 * One category's list (keyword: code, display or long name). Refetched every minute while shown: the
 * sparkline's minute points (`hundred`) move on, and live ticks only patch the newest one between fetches.
 * `limit`: only the list's first items (the home page's few rows instead of 400+ pairs with their
 * histories); part of the key, so a head never stands in for the market page's whole list.
 */
export function useMarkets(type: InstrumentType, keyword = '', limit?: number) {
  const trimmed = keyword.trim().slice(0, 32);
  return useQuery({
    // Names come in the request's language (names.ts on the server): the language is part of the key.
    queryKey: ['markets', type, trimmed, limit ?? 'all', currentLocale()],
    queryFn: async ({ signal }) =>
      (
        await api.get<MarketItem[]>(
          `${index}/listMarketByType`,
          { type, keyword: trimmed === '' ? undefined : trimmed, limit },
          signal,
        )
      ).result,
    staleTime: 15_000,
    refetchInterval: 60_000,
    // While a new keyword loads, the same category's rows stay; another category's never stand in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === type ? previous : undefined,
  });
}

/** Instruments of every category matching `keyword` (code, display or long name), best matches first. */
export function useMarketSearch(keyword: string) {
  const trimmed = keyword.trim().slice(0, 32);
  return useQuery({
    queryKey: ['marketSearch', trimmed, currentLocale()],
    enabled: trimmed !== '',
    queryFn: async ({ signal }) =>
      (await api.get<MarketItem[]>(`${index}/searchMarket`, { keyword: trimmed }, signal)).result,
    staleTime: 15_000,
    refetchInterval: 60_000,
    // While the next keyword loads, the previous results stay (no flash of an empty list).
    placeholderData: (previous) => previous,
  });
}

/** The instrument's terms and 24 h figures; refetched every minute (open/closed state, high, low). */
export function useMarketInfo(code: string) {
  return useQuery({
    queryKey: ['marketInfo', code, currentLocale()],
    enabled: instrumentCodePattern.test(code),
    queryFn: async ({ signal }) =>
      (await api.get<MarketInfo>(`${index}/getMarketInfo/${encodeURIComponent(code)}`, undefined, signal))
        .result,
    refetchInterval: 60_000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.httpStatus === 404) && failureCount < 2,
  });
}

/**
 * Candles of one period, answered with the period they belong to: while another period loads, the chart
 * keeps drawing the previous series under its own period.
 */
export function useKlines(code: string, period: KlinePeriod) {
  return useQuery({
    queryKey: ['klines', code, period],
    enabled: instrumentCodePattern.test(code),
    queryFn: async ({ signal }) => {
      const { result } = await api.get<Candle[]>(
        `${index}/getKValueByCodeAndDate`,
        { code, period, limit: klineLimit },
        signal,
      );
      return { period, candles: result };
    },
    // Live ticks keep the newest candle current; the series is fetched again when the period is picked later.
    staleTime: 60_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === code ? previous : undefined,
  });
}

/** Home-page figures computed by the server from the data (DESIGN.md §1.5). */
export function useMarketStats() {
  return useQuery({
    queryKey: ['marketStats'],
    queryFn: async ({ signal }) => (await api.get<MarketStats>(`${index}/stats`, undefined, signal)).result,
    staleTime: 60_000,
  });
}

function watchlistKey(userId: string | number | null) {
  return ['watchlist', userId, currentLocale()] as const;
}

/** The signed-in user's watchlist (market items); disabled for visitors. */
export function useWatchlist() {
  const { user: signedIn } = useSession();
  return useQuery({
    queryKey: watchlistKey(signedIn?.id ?? null),
    enabled: signedIn !== null,
    queryFn: async ({ signal }) =>
      (await api.get<MarketItem[]>(`${user}/listWatch`, undefined, signal)).result,
  });
}

/** Adds or removes a code; the answer is the whole new list, which replaces the cached one. */
export function useWatchToggle() {
  const { user: signedIn } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, watch }: { code: string; watch: boolean }) =>
      (await api.post<MarketItem[]>(`${user}/${watch ? 'watch' : 'unwatch'}`, { code })).result,
    onSuccess: (list) => queryClient.setQueryData(watchlistKey(signedIn?.id ?? null), list),
  });
}
