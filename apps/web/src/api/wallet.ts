// Wallet calls (CONTRACT.md "User" and listDepositChannel): deposit channels and claims, withdrawal methods,
// quotes and requests, the book's fund records and the demo reset. Query keys carry the user, so a second
// account on the same browser never sees the first one's cached rows.
import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { codes } from '@tradewind/contract';
import type {
  Deposit,
  DepositChannel,
  EntryCategory,
  FundRecord,
  Page,
  SaveWithdrawalMethodBody,
  Withdrawal,
  WithdrawalMethod,
  WithdrawalPause,
  WithdrawalQuote,
} from '@tradewind/contract';
import { useWalletKey } from './walletKey.ts';
import { api, ApiError, request } from './client.ts';
import { useSession } from '../app/session.ts';

const base = '/swx/customer/user';
/** Rows per page of every wallet list (CONTRACT.md: at most 100). */
export const walletPageSize = 10;
/** While a deposit or withdrawal waits for review, its list looks again this often. */
const pendingRefetchMs = 15_000;

export { useWalletKey };

/** The balances on screen are fetched again when a wallet screen opens (a review may have changed them). */
export function useFreshUserInfo(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
  }, [queryClient]);
}

/** refetchInterval of a review list: poll while one of its rows is still pending. */
const whilePending = (query: { state: { data: Page<{ status: string }> | undefined } }) =>
  query.state.data?.list.some((row) => row.status === 'pending') ? pendingRefetchMs : false;

/** How often the deposit screen takes the channels again: their indicative rates follow the feed. */
const channelRatesRefetchMs = 15_000;

export function useDepositChannels() {
  return useQuery({
    queryKey: ['depositChannels'],
    staleTime: channelRatesRefetchMs,
    refetchInterval: channelRatesRefetchMs,
    queryFn: async ({ signal }) =>
      (await api.get<DepositChannel[]>('/swx/customer/index/listDepositChannel', undefined, signal)).result,
  });
}

export function useDeposits(page: number) {
  const key = useWalletKey();
  return useQuery({
    queryKey: [...key, 'deposits', page],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    refetchInterval: whilePending,
    queryFn: async ({ signal }) =>
      (await api.get<Page<Deposit>>(`${base}/listRecharge`, { page, size: walletPageSize }, signal)).result,
  });
}

export type RechargeInput = {
  channelId: string;
  amount: string;
  /** The rate the form showed (terms shown = terms applied): refused with 10112 if the locked one moved. */
  quotedRate: string;
  txHash: string;
  last6?: string;
  proof: Blob;
  proofName: string;
  /** One per user intent, reused when the same claim is sent again (DESIGN.md §1). */
  idempotencyKey: string;
};

export function useRecharge() {
  const queryClient = useQueryClient();
  const key = useWalletKey();
  return useMutation({
    mutationFn: async ({ proof, proofName, idempotencyKey, ...fields }: RechargeInput) => {
      const form = new FormData();
      form.set('channelId', fields.channelId);
      form.set('amount', fields.amount);
      form.set('quotedRate', fields.quotedRate);
      form.set('txHash', fields.txHash);
      if (fields.last6) form.set('last6', fields.last6);
      // The file part goes last: the server reads the text fields before the image.
      form.set('proof', proof, proofName);
      return request<Deposit>('POST', `${base}/recharge`, {
        body: form,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, 'deposits'] }),
    // A claim refused for a moved rate (10112) or a channel gone (10111) needs the channels as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: ['depositChannels'] }),
  });
}

export function useWithdrawalMethods() {
  const key = useWalletKey();
  return useQuery({
    queryKey: [...key, 'withdrawalMethods'],
    enabled: key[1] !== null,
    queryFn: async ({ signal }) =>
      (await api.post<WithdrawalMethod[]>(`${base}/withdrawalType/list`, undefined, signal)).result,
  });
}

export function useSaveWithdrawalMethod() {
  const queryClient = useQueryClient();
  const key = useWalletKey();
  return useMutation({
    mutationFn: async (body: SaveWithdrawalMethodBody) =>
      (await api.post<WithdrawalMethod>(`${base}/withdrawalType/save`, body)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, 'withdrawalMethods'] }),
  });
}

/** Removes a method at once (no password: removing only narrows where money may go). */
export function useRemoveWithdrawalMethod() {
  const queryClient = useQueryClient();
  const key = useWalletKey();
  return useMutation({
    mutationFn: async (id: string) => api.post<null>(`${base}/withdrawalType/remove`, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...key, 'withdrawalMethods'] }),
  });
}

/** When withdrawals open again after a password change or two-factor reset (issue 25), or null. */
export function useWithdrawalPause() {
  const key = useWalletKey();
  return useQuery({
    queryKey: [...key, 'withdrawalPause'],
    enabled: key[1] !== null,
    queryFn: async ({ signal }) =>
      (await api.get<WithdrawalPause>(`${base}/withdrawalPause`, undefined, signal)).result,
  });
}

/** The fee, fee rate and net amount of a withdrawal, shown before it is confirmed (DESIGN.md §1.5). */
export function useWithdrawalQuote(amount: string | null) {
  return useQuery({
    queryKey: ['withdrawalQuote', amount],
    enabled: amount !== null,
    // The rate can change in the back office; a confirmation never shows terms older than this.
    staleTime: 10_000,
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.get<WithdrawalQuote>(`${base}/withdrawalQuote`, { amount: amount ?? '' }, signal)).result,
  });
}

export function useWithdrawals(page: number) {
  const key = useWalletKey();
  return useQuery({
    queryKey: [...key, 'withdrawals', page],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    refetchInterval: whilePending,
    queryFn: async ({ signal }) =>
      (await api.get<Page<Withdrawal>>(`${base}/listWithdrwal`, { page, size: walletPageSize }, signal))
        .result,
  });
}

export type WithdrawInput = {
  methodId: string;
  amount: string;
  password: string;
  /** The second factor, while two-factor is on (10113 without it). */
  otp?: string | undefined;
  /** The fee the confirm step displayed; the server refuses with 10112 if it is no longer the fee. */
  quotedFee: string;
  idempotencyKey: string;
};

export function useWithdraw() {
  const queryClient = useQueryClient();
  const key = useWalletKey();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: WithdrawInput) =>
      request<Withdrawal>('POST', `${base}/withdrawal`, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    },
    // The server judged the allowlist otherwise than this device's clock did: show its methods and pause.
    onError: (error) => {
      if (error instanceof ApiError && allowlistCodes.has(error.code))
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Refusals of the withdrawal allowlist: a method still in its cool-down, withdrawals paused. */
const allowlistCodes: ReadonlySet<string> = new Set([codes.payoutMethodCoolingDown, codes.withdrawalsPaused]);

/** Ledger lines of the selected book's cash, newest first; `kind` narrows to one entry kind. */
export function useFundRecords(category: EntryCategory | null, page: number) {
  const key = useWalletKey();
  const { isDemo } = useSession();
  return useQuery({
    queryKey: [...key, 'fundRecords', isDemo ? 'demo' : 'real', category, page],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<FundRecord>>(
          `${base}/listFundRecord`,
          { page, size: walletPageSize, category: category ?? undefined },
          signal,
        )
      ).result,
  });
}

export function useResetDemo() {
  const queryClient = useQueryClient();
  const key = useWalletKey();
  return useMutation({
    mutationFn: async () => (await api.post<null>(`${base}/resetDemo`)).message,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...key, 'fundRecords'] });
      void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    },
  });
}
