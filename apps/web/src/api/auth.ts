// Sign-up, login, Google login, logout and password reset (CONTRACT.md "Auth").
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResult } from '@tradewind/contract';
import { api } from './client.ts';
import { session } from '../app/session.ts';
import { readDeviceToken } from '../app/storage.ts';

const base = '/swx/customer/login';

/** A sign-in's body with this browser's device token, when it has one (auth/devices.ts on the server). */
export function withDeviceToken<T extends object>(body: T): T & { deviceToken?: string } {
  const deviceToken = readDeviceToken();
  return deviceToken ? { ...body, deviceToken } : body;
}

export type RegisterInput = {
  userName: string;
  email: string;
  password: string;
  code: string;
  inviteCode?: string;
  areaCode?: string;
  phone?: string;
};

export function useGoogleConfig() {
  return useQuery({
    queryKey: ['googleConfig'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (await api.get<{ enabled: boolean }>(`${base}/googleConfig`, undefined, signal)).result,
  });
}

/** Availability of a username or email; a taken one fails with the server's message (10006 / 10027). */
export function useCheckAvailability() {
  return useMutation({
    mutationFn: async (query: { userName: string } | { email: string }) =>
      (await api.get<{ available: boolean }>(`${base}/checkUserNameOrPhone`, query)).result,
  });
}

export function useSendCode() {
  return useMutation({
    mutationFn: async (body: { email: string; purpose: 'register' | 'reset' }) =>
      (await api.post<null>(`${base}/sendCode`, body)).message,
  });
}

/** Keeps a session the server answered and refreshes what depends on who is signed in. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: SessionResult) => {
      session.signIn(answer.token, answer.userInfo, answer.deviceToken);
      void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
      // A sign-up (by form or a first Google sign-in) is one more registered user: home's figures are
      // fetched again rather than kept for their minute of freshness (issue 23).
      void queryClient.invalidateQueries({ queryKey: ['marketStats'] });
    },
    [queryClient],
  );
}

export function useRegister() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: (body: RegisterInput) => api.post<SessionResult>(`${base}/register`, body),
    onSuccess: ({ result }) => signIn(result),
  });
}

export function useLogin() {
  const signIn = useSignIn();
  return useMutation({
    /** `otp`: the second factor, once the server asked for it (10113). */
    mutationFn: (body: { userName: string; password: string; otp?: string }) =>
      api.post<SessionResult>(`${base}/login`, withDeviceToken(body)),
    onSuccess: ({ result }) => signIn(result),
  });
}

/** Logout ends the session on the server; the local session is cleared whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>(`${base}/logout`),
    onSettled: () => {
      session.signOut();
      queryClient.removeQueries({ queryKey: ['userInfo'] });
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: { email: string; code: string; password: string }) =>
      (await api.post<null>(`${base}/resetPassword`, body)).message,
  });
}
