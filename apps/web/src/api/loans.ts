// Loans (CONTRACT.md "User" loan, listLoanRecord, repayLoan, loanAgreement; "Market and content"
// listLoanProduct): the products (public), the agreement PDF to read before signing with the SHA-256 of
// the bytes received (sent back as agreementSha256: the agreement signed is the one read), the application
// and repayment under an Idempotency-Key, and the customer's loans. Query keys carry the user.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { codes, type LoanBody, type LoanProduct, type LoanRecord, type Page } from '@tradewind/contract';
import { ApiError, api, apiBase, clientCodes, request, toQueryString } from './client.ts';
import { session, useSession } from '../app/session.ts';
import { currentLocale, i18n } from '../i18n/i18n.ts';

const user = '/swx/customer/user';
/** Loans per page of "My loans". */
export const loansPageSize = 10;
/** While a loan waits for review, the list looks again this often. */
const pendingRefetchMs = 15_000;

export function useLoanProducts() {
  return useQuery({
    queryKey: ['loanProducts', currentLocale()],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await api.get<LoanProduct[]>('/swx/customer/index/listLoanProduct', undefined, signal)).result,
  });
}

/** ['loans', userId]: the prefix of every loan query of the signed-in user. */
export function useLoansKey() {
  const { user: signedIn } = useSession();
  return ['loans', signedIn?.id ?? null] as const;
}

export function useLoans(page: number) {
  const key = useLoansKey();
  return useQuery({
    queryKey: [...key, currentLocale(), page],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get<Page<LoanRecord>>(`${user}/listLoanRecord`, { page, size: loansPageSize }, signal))
        .result,
    refetchInterval: (query) =>
      query.state.data?.list.some((loan) => loan.status === 'pending') ? pendingRefetchMs : false,
  });
}

/** Hex SHA-256 of bytes, by the browser's WebCrypto. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A file the API serves only with the session (agreements): fetched with the same headers as every call.
 * A refusal comes as the usual envelope, turned into an ApiError with the server's code and message.
 */
async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers({ 'Accept-Language': currentLocale() });
  const token = session.token();
  if (token) headers.set('Authorization', token);
  headers.set('virtually', session.get().isDemo ? 'NO' : 'YES');
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, { headers, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(clientCodes.network, i18n.t('errors.network'), 0);
  }
  if (response.ok && response.headers.get('content-type')?.startsWith('application/pdf')) {
    return response.blob();
  }
  const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : String(response.status);
  const message = typeof body?.message === 'string' && body.message ? body.message : i18n.t('errors.unknown');
  if (code === codes.unauthenticated) session.signOut();
  throw new ApiError(code, message, response.status);
}

export type Agreement = { blob: Blob; sha256: string; productId: string; amount: string };

/** The agreement for these terms as the customer will read it, with the hash of exactly these bytes. */
export function useLoanAgreement(terms: { productId: string; amount: string } | null) {
  const key = useLoansKey();
  return useQuery({
    queryKey: ['loanAgreement', key[1], currentLocale(), terms?.productId, terms?.amount],
    enabled: terms !== null && key[1] !== null,
    // An issued agreement is good for 24 h; the screen asks again only when the terms change.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }): Promise<Agreement> => {
      if (!terms) throw new Error('no terms');
      const blob = await fetchFile(`${user}/loanAgreement${toQueryString(terms)}`, signal);
      return { blob, sha256: await sha256Hex(await blob.arrayBuffer()), ...terms };
    },
  });
}

/** A signed agreement (agreementUrl of a loan, under /api), as a PDF blob. */
export function fetchSignedAgreement(agreementUrl: string): Promise<Blob> {
  if (!agreementUrl.startsWith(`${apiBase}/`)) throw new Error(`not an API URL: ${agreementUrl}`);
  return fetchFile(agreementUrl.slice(apiBase.length));
}

export type ApplyInput = LoanBody & {
  /** One per confirm, reused when the same confirm is sent again (DESIGN.md §1.2). */
  idempotencyKey: string;
};

/** A loan changes the loan list and, once disbursed or repaid, the balances. */
function useAfterLoan() {
  const queryClient = useQueryClient();
  const key = useLoansKey();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
  };
}

export function useApplyLoan() {
  const after = useAfterLoan();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: ApplyInput) =>
      request<LoanRecord>('POST', `${user}/loan`, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: after,
  });
}

export function useRepayLoan() {
  const after = useAfterLoan();
  return useMutation({
    // `quotedOwed`: what the dialog showed; a late day charged since answers 10112 and nothing moves.
    mutationFn: ({
      id,
      quotedOwed,
      idempotencyKey,
    }: {
      id: string;
      quotedOwed: string;
      idempotencyKey: string;
    }) =>
      request<LoanRecord>('POST', `${user}/repayLoan/${encodeURIComponent(id)}`, {
        body: { quotedOwed },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: after,
  });
}
