// PUBLIC_URL as the server uses it (GET /admin/api/public-url), for the dashboard's warning.
import { useQuery } from '@tanstack/react-query';
import type { AdminPublicUrl } from '@tradewind/contract';
import { call } from './client.ts';

export function usePublicUrl() {
  return useQuery({
    queryKey: ['public-url'],
    queryFn: async ({ signal }) => (await call<AdminPublicUrl>('GET', '/public-url', { signal })).result,
    // Set at the server's start: it changes only with a restart.
    staleTime: 10 * 60_000,
  });
}
