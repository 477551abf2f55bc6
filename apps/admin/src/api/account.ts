// The signed-in operator's own calls (/admin/api/login, /me/*, /logout): sign-in with its one-time-code
// step, the password, TOTP enrolment, own sessions. Allowed while the account is not secured yet (10114).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminMe,
  AdminSessionRow,
  adminLoginBody,
  totpConfirmResult,
  totpEnrolResult,
} from '@tradewind/contract';
import { session, type AdminSession } from '../app/session.ts';
import { call } from './client.ts';

export type LoginBody = z.input<typeof adminLoginBody>;
export type Me = AdminMe;
export type TotpEnrolment = z.infer<typeof totpEnrolResult>;
export type SessionRow = AdminSessionRow;

/** The session's flags as the server holds them (only the fields the session keeps). */
function flagsOf(me: Me): Partial<AdminSession['admin']> {
  const { mustChangePassword, totpEnrolled, totpRequired, role, userName } = me;
  return { mustChangePassword, totpEnrolled, totpRequired, role, userName };
}

/** POST login; a 10113 (TOTP enrolled, code missing or wrong) is the caller's cue for the code step. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) => (await call<AdminSession>('POST', '/login', { body })).result,
    onSuccess: (result) => session.signIn(result),
  });
}

export function useMe() {
  return useQuery({
    queryKey: ['me'],
    // The tab's session flags are not updated from here: the first sign-in flow decides when the shell
    // may appear (after the recovery codes were shown), not the moment the server's flags change.
    queryFn: async ({ signal }) => (await call<Me>('GET', '/me', { signal })).result,
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { oldPassword: string; password: string }) =>
      call<Me>('POST', '/me/password', { body }),
    onSuccess: ({ result }) => {
      session.updateAdmin(flagsOf(result));
      client.setQueryData(['me'], result);
      // The server revoked every other session of this operator.
      void client.invalidateQueries({ queryKey: ['me-sessions'] });
    },
  });
}

/** Replacing an enrolled authenticator: the password and a current code or a recovery code (10179). */
export type TotpProof = { password: string; otp: string };

export function useStartTotp() {
  return useMutation({
    mutationFn: async (proof?: TotpProof) =>
      (await call<TotpEnrolment>('POST', '/me/totp/enrol', { body: proof ?? {} })).result,
  });
}

/** Confirms the pending enrolment with a code; the answer's recovery codes are shown once. */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await call<z.infer<typeof totpConfirmResult>>('POST', '/me/totp/confirm', { body: { code } })).result,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['me'] });
      void client.invalidateQueries({ queryKey: ['me-sessions'] });
    },
  });
}

export function useMySessions() {
  return useQuery({
    queryKey: ['me-sessions'],
    queryFn: async ({ signal }) => (await call<SessionRow[]>('GET', '/me/sessions', { signal })).result,
  });
}

export function useRevokeMySession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call<null>('POST', `/me/sessions/${encodeURIComponent(id)}/revoke`),
    onSettled: () => client.invalidateQueries({ queryKey: ['me-sessions'] }),
  });
}

/** Ends the session on the server, then in the tab (even when the server cannot be reached). */
export async function signOut(): Promise<void> {
  try {
    await call<null>('POST', '/logout');
  } catch {
    // The tab forgets the token all the same; an unreachable server ends it by idling out.
  } finally {
    session.signOut();
  }
}
