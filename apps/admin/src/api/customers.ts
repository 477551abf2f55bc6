// TanStack Query hooks of the customer 360 (GET/POST /admin/api/customers…), an applicant's finances for the
// loan review, and the status change the 360 reuses (POST /admin/api/users/{id}/status). Every change
// refreshes the customer and the list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicantFinances,
  Customer360,
  CustomerBook,
  CustomerBookBalances,
  CustomerListItem,
  CustomerSession,
  EntryCategory,
  FundRecord,
  Page,
  UserInfo,
  UserStatus,
} from '@tradewind/contract';
import { call } from './client.ts';

export const customersPageSize = 20;
export const fundRecordsPageSize = 20;

const path = (id: string) => `/customers/${encodeURIComponent(id)}`;

export function useCustomers(keyword: string, page: number) {
  return useQuery({
    queryKey: ['customers', 'list', keyword, page],
    queryFn: async ({ signal }) =>
      (
        await call<Page<CustomerListItem>>('GET', '/customers', {
          query: { keyword, page, size: customersPageSize },
          signal,
        })
      ).result,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: ['customers', 'one', id],
    queryFn: async ({ signal }) => (await call<Customer360>('GET', path(id), { signal })).result,
  });
}

export function useCustomerFundRecords(
  id: string,
  book: CustomerBook,
  page: number,
  category: EntryCategory | null,
) {
  return useQuery({
    queryKey: ['customers', 'one', id, 'fund-records', book, page, category],
    queryFn: async ({ signal }) =>
      (
        await call<Page<FundRecord>>('GET', `${path(id)}/fund-records`, {
          query: { book, page, size: fundRecordsPageSize, category: category ?? undefined },
          signal,
        })
      ).result,
    placeholderData: keepPreviousData,
  });
}

/** What a loan decision weighs: the customer's own funds, money in and out, other loans, and `loanId` weighed. */
export function useApplicantFinances(id: string, loanId: string) {
  return useQuery({
    queryKey: ['customers', 'one', id, 'finances', loanId],
    queryFn: async ({ signal }) =>
      (await call<ApplicantFinances>('GET', `${path(id)}/finances`, { query: { loanId }, signal })).result,
  });
}

/** After any action: the customer (every section may have moved) and the list (status, cash). */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['customers'] });
}

export function useSetCustomerStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; status: UserStatus; reason: string }) =>
      call<UserInfo>('POST', `/users/${encodeURIComponent(v.id)}/status`, {
        body: { status: v.status, reason: v.reason },
      }),
    onSettled: refresh,
  });
}

export function useResetCustomerDemo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; reason: string }) =>
      call<CustomerBookBalances>('POST', `${path(v.id)}/reset-demo`, { body: { reason: v.reason } }),
    onSettled: refresh,
  });
}

export function useRevokeCustomerSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; sessionId: string; reason: string }) =>
      call<CustomerSession>('POST', `${path(v.id)}/sessions/${encodeURIComponent(v.sessionId)}/revoke`, {
        body: { reason: v.reason },
      }),
    onSettled: refresh,
  });
}
