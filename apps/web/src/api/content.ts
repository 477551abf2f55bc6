// Public content and parameters (CONTRACT.md "Market and content"): footer lists, pages, FAQ, notices.
import { useQuery } from '@tanstack/react-query';
import { isIdString, type ContentDetail, type ContentItem, type FaqEntry } from '@tradewind/contract';
import { contentListIdFor } from '@tradewind/i18n';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from './client.ts';
import { currentLocale } from '../i18n/i18n.ts';

export const contentTypes = { company: 1, policy: 2, statement: 3, faq: 4, notice: 5 } as const;

/** The content list of the interface language: 1 for Chinese, 2 otherwise (spec.md §2). */
export function useContentList() {
  const { i18n } = useTranslation();
  const locale = currentLocale();
  const listId = contentListIdFor(locale);
  return useQuery({
    queryKey: ['contents', listId, i18n.language],
    queryFn: async ({ signal }) =>
      (await api.get<ContentItem[]>(`/swx/customer/index/listContents/${listId}`, undefined, signal)).result,
  });
}

export function useContentsOfType(type: number) {
  const list = useContentList();
  return { ...list, items: (list.data ?? []).filter((item) => item.type === type) };
}

export function useContent(id: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['content', id, i18n.language],
    enabled: id !== null && isIdString(id),
    queryFn: async ({ signal }) =>
      (await api.get<ContentDetail>(`/swx/customer/index/getContentsById/${id ?? ''}`, undefined, signal))
        .result,
  });
}

/** Every FAQ entry with its answer in the interface language, for the help centre's search and accordion. */
export function useFaq() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['faq', i18n.language],
    queryFn: async ({ signal }) =>
      (await api.get<FaqEntry[]>('/swx/customer/index/listFaq', undefined, signal)).result,
  });
}

export type ParamKey =
  | 'support_chat_url'
  | 'app_download_url'
  | 'notice_content_id'
  | 'min_invest_usd'
  | 'withdraw_fee_rate'
  | 'contact_email'
  | 'contact_phone'
  | 'operator_name'
  | 'operator_address'
  | 'operator_registration'
  | 'operator_licence'
  | 'operator_email'
  | 'charity_name'
  | 'charity_registration'
  | 'charity_website'
  | 'loan_limit_per_customer'
  | 'withdraw_method_cooldown_h';

/** A system parameter's value, or null when the server has none under that key. */
export function useParam(key: ParamKey) {
  return useQuery({
    queryKey: ['param', key],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      try {
        const { result } = await api.get<{ key: string; value: string }>(
          `/swx/customer/index/getParamByKey/${key}`,
          undefined,
          signal,
        );
        return result.value.trim() === '' ? null : result.value;
      } catch (error) {
        if (error instanceof ApiError && error.httpStatus === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * The home announcement: the notice an operator pinned (the notice_content_id parameter, spec.md §2), else
 * the newest notice of the content list; null when there is none, undefined while that is being found out
 * (the page keeps the bar's place, so nothing jumps).
 */
export function useHomeNotice(): Pick<ContentItem, 'id' | 'title'> | null | undefined {
  const param = useParam('notice_content_id');
  const pinned = useContent(param.data ?? null);
  const newest = useContentsOfType(contentTypes.notice);
  if (param.isLoading) return undefined;
  if (param.data) return pinned.isLoading ? undefined : (pinned.data ?? newest.items[0] ?? null);
  return newest.isLoading ? undefined : (newest.items[0] ?? null);
}
