// Staff accounts (manageStaff): the list, a new colleague with a generated password shown once, disable or
// enable, a password reset (shown once), and a forced sign-out; each with a reason kept in the audit log.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  staffUserName,
  type AdminRole,
  type Page,
  type StaffRow,
  type staffPasswordResult,
  type staffSignOutResult,
  type staffStatuses,
} from '@tradewind/contract';
import { call } from './client.ts';

export type { StaffRow };
export type StaffStatus = (typeof staffStatuses)[number];
/** A generated password comes back once, with the account it belongs to. */
export type StaffWithPassword = z.infer<typeof staffPasswordResult>;

export const staffPageSize = 20;
/** The contract's rule for staff user names (lower case, 3–32 characters), checked before sending. */
export const isStaffUserName = (value: string) => staffUserName.safeParse(value).success;

export function useStaff(keyword: string, page: number) {
  return useQuery({
    queryKey: ['staff', keyword, page],
    queryFn: async ({ signal }) =>
      (
        await call<Page<StaffRow>>('GET', '/staff', {
          query: { keyword, page, size: staffPageSize },
          signal,
        })
      ).result,
    placeholderData: keepPreviousData,
  });
}

function useStaffMutation<V, R>(fn: (v: V) => Promise<{ result: R; message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useCreateStaff = () =>
  useStaffMutation((body: { userName: string; role: AdminRole }) =>
    call<StaffWithPassword>('POST', '/staff', { body }),
  );

export const useSetStaffStatus = () =>
  useStaffMutation((v: { id: string; status: StaffStatus; reason: string }) =>
    call<StaffRow>('POST', `/staff/${encodeURIComponent(v.id)}/status`, {
      body: { status: v.status, reason: v.reason },
    }),
  );

export const useResetStaffPassword = () =>
  useStaffMutation((v: { id: string; reason: string; resetTotp: boolean }) =>
    call<StaffWithPassword>('POST', `/staff/${encodeURIComponent(v.id)}/reset-password`, {
      body: { reason: v.reason, resetTotp: v.resetTotp },
    }),
  );

export const useSignOutStaff = () =>
  useStaffMutation((v: { id: string; reason: string }) =>
    call<z.infer<typeof staffSignOutResult>>('POST', `/staff/${encodeURIComponent(v.id)}/sign-out`, {
      body: { reason: v.reason },
    }),
  );
