// The home page's product cards say what a product is with its key terms, read from the data: the loan
// products' largest amount, longest term and lowest daily rate, and how many charity auctions are open.
// Plain calls through the app's client: the card needs two figures, not the loan and NFT screens' modules.
import { useQuery } from '@tanstack/react-query';
import { maxDecimal, minDecimal } from '@tradewind/contract/money';
import type { LoanProduct, Nft, Page } from '@tradewind/contract';
import { api } from '../../api/client.ts';

const index = '/swx/customer/index';

export type LoanTerms = { maxAmount: string; termDays: number; dailyRate: string };

/** The terms over every loan product ("up to", "from"); undefined when there is none. */
export function loanTermsOf(products: readonly LoanProduct[]): LoanTerms | undefined {
  const [first, ...rest] = products;
  if (!first) return undefined;
  return rest.reduce<LoanTerms>(
    (terms, p) => ({
      maxAmount: maxDecimal(terms.maxAmount, p.maxAmount),
      termDays: Math.max(terms.termDays, p.termDays),
      dailyRate: minDecimal(terms.dailyRate, p.dailyRate),
    }),
    { maxAmount: first.maxAmount, termDays: first.termDays, dailyRate: first.dailyRate },
  );
}

export function useLoanTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'loanTerms'],
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      loanTermsOf((await api.get<LoanProduct[]>(`${index}/listLoanProduct`, undefined, signal)).result),
  });
}

export function useOpenAuctionCount(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'openAuctions'],
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await api.get<Page<Nft>>(`${index}/listNft`, { page: 1, size: 1, status: 'open' }, signal)).result
        .total,
  });
}
