// TanStack Query defaults: no retry of answered failures (the server's message is final), a short retry of
// network trouble, and data kept fresh for 30 s.
import { QueryClient } from '@tanstack/react-query';
import { ApiError, clientCodes } from '../api/client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < 2 && (!(error instanceof ApiError) || error.code === clientCodes.network),
    },
    mutations: { retry: false },
  },
});
