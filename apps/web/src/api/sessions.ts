// A customer's sessions and anti-phishing phrase under /swx/customer/security (issue 25): the active sessions,
// signing one or all others out, the new-device e-mail's sign-out link, and the phrase.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySession } from '@tradewind/contract';
import { api } from './client.ts';
import { useSession } from '../app/session.ts';

const base = '/swx/customer/security';
const sessionsKey = ['securitySessions'] as const;
const phraseKey = ['antiPhishing'] as const;

export function useSecuritySessions() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...sessionsKey, user?.id ?? null],
    enabled: user !== null,
    queryFn: async ({ signal }) =>
      (await api.get<SecuritySession[]>(`${base}/sessions`, undefined, signal)).result,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<null>(`${base}/sessions/${id}/revoke`)).message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<null>(`${base}/sessions/revokeOthers`)).message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** The link of a new-device e-mail: works signed in or not. */
export function useSignOutLink() {
  return useMutation({
    mutationFn: async (token: string) => (await api.post<null>(`${base}/signOutLink`, { token })).message,
  });
}

export function useAntiPhishing() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...phraseKey, user?.id ?? null],
    enabled: user !== null,
    queryFn: async ({ signal }) =>
      (await api.get<{ phrase: string | null }>(`${base}/antiPhishing`, undefined, signal)).result,
  });
}

export function useSetAntiPhishing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (phrase: string) => (await api.post<null>(`${base}/antiPhishing`, { phrase })).message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: phraseKey }),
  });
}
