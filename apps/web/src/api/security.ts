// A customer's two-factor sign-in under /swx/customer/security/totp (issue 25): its status, enrol, confirm
// and turn off. The status also tells the step-up forms (withdrawal, password change) to ask for a code.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerTotpConfirmResult, CustomerTotpEnrolResult, TotpStatus } from '@tradewind/contract';
import { api } from './client.ts';
import { useSession } from '../app/session.ts';

const base = '/swx/customer/security/totp';
const statusKey = ['totpStatus'] as const;

/** Whether TOTP is on (and the recovery codes left); fetched only while signed in. */
export function useTotpStatus() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...statusKey, user?.id ?? null],
    enabled: user !== null,
    queryFn: async ({ signal }) => (await api.get<TotpStatus>(base, undefined, signal)).result,
  });
}

export function useEnrolTotp() {
  return useMutation({
    mutationFn: async () => (await api.post<CustomerTotpEnrolResult>(`${base}/enrol`)).result,
  });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await api.post<CustomerTotpConfirmResult>(`${base}/confirm`, { code })).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { password: string; otp: string }) =>
      (await api.post<null>(`${base}/disable`, body)).message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
