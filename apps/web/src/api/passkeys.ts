// Passkeys (issue 25): the customer's list, adding one (password first, then the browser's ceremony), removing
// one, and signing in with one. The ceremonies run through @simplewebauthn/browser, which turns the server's
// JSON options into navigator.credentials calls and the credential back into JSON.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { PasskeyView, SessionResult } from '@tradewind/contract';
import { api, ApiError } from './client.ts';
import { useSignIn, withDeviceToken } from './auth.ts';
import { useSession } from '../app/session.ts';

const base = '/swx/customer/security/passkey';
const listKey = ['passkeys'] as const;

export function usePasskeys() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...listKey, user?.id ?? null],
    enabled: user !== null,
    queryFn: async ({ signal }) => (await api.get<PasskeyView[]>(`${base}/list`, undefined, signal)).result,
  });
}

/** The server checks the password (and the code when two-factor is on) before it issues the challenge. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { password: string; otp?: string | undefined; name: string }) => {
      const options = await api.post<PublicKeyCredentialCreationOptionsJSON>(`${base}/registerOptions`, {
        password: input.password,
        ...(input.otp ? { otp: input.otp } : {}),
      });
      const response = await startRegistration({ optionsJSON: options.result });
      const name = input.name.trim();
      return (await api.post<PasskeyView>(`${base}/register`, { response, ...(name ? { name } : {}) }))
        .result;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; password: string }) =>
      (await api.post<null>(`${base}/${input.id}/remove`, { password: input.password })).message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** Signs in with a passkey the browser holds for this site (it offers them; no user name is needed). */
export function usePasskeyLogin() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: async () => {
      const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(
        '/swx/customer/login/passkeyOptions',
        {},
      );
      const response = await startAuthentication({ optionsJSON: options.result });
      return api.post<SessionResult>('/swx/customer/login/passkey', withDeviceToken({ response }));
    },
    onSuccess: ({ result }) => signIn(result),
  });
}

/**
 * A failed call's message: the server's own, or — when the browser's prompt was cancelled, timed out or
 * refused — `fallback`, one sentence for all, since browsers word (and localise) those differently.
 */
export function passkeyErrorMessage(error: Error, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
