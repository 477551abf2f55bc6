// The parameter editor's calls (editParams): the list with each key's kind and bounds, and one change; and the
// operator and charity parameters a fresh install still lacks (every role).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminParam, AdminParamBody, EditableParamKey, ParamSetup } from '@tradewind/contract';
import { call } from './client.ts';

export function useParams() {
  return useQuery({
    queryKey: ['params'],
    queryFn: async ({ signal }) => (await call<AdminParam[]>('GET', '/params', { signal })).result,
  });
}

export function useUpdateParam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { key: EditableParamKey; body: AdminParamBody }) =>
      call<AdminParam>('POST', `/params/${encodeURIComponent(v.key)}`, { body: v.body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['params'] }),
  });
}

/** The operator and charity parameters still empty (every role reads it: the screens say what is missing). */
export function useParamSetup() {
  return useQuery({
    queryKey: ['params', 'setup'],
    queryFn: async ({ signal }) => (await call<ParamSetup>('GET', '/params/setup', { signal })).result,
  });
}
