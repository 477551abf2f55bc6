// Charity NFT auctions (CONTRACT.md listNft, getNftById, buyNft, user listNft, listDonation; issue 11): the
// public collection and detail, bids on the real book, the customer's auctions and the public donation
// ledger. Auctions move while a page is open (other bids, anti-sniping, settlement), so the open ones are
// fetched again every few seconds: being outbid shows without a reload.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BuyNftBody,
  DonationPage,
  MyNft,
  Nft,
  NftBid,
  NftDetail,
  NftStatus,
  Page,
} from '@tradewind/contract';
import { api, request } from './client.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { useSession } from '../app/session.ts';

/** Cards per page of the collection; the seed has a dozen pieces, so one page usually holds them all. */
export const nftPageSize = 24;
export const myNftPageSize = 20;
export const donationPageSize = 20;
/** How often an open auction is fetched again while shown: a rival's bid appears within this. */
export const nftRefetchMs = 5_000;

const index = '/swx/customer/index';
const user = '/swx/customer/user';

/** Descriptions come in the request's language, so the language is part of every key. */
export function useNfts(status: NftStatus, page: number) {
  const locale = currentLocale();
  return useQuery({
    queryKey: ['nfts', locale, status, page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get<Page<Nft>>(`${index}/listNft`, { page, size: nftPageSize, status }, signal)).result,
    refetchInterval: status === 'open' ? nftRefetchMs : false,
  });
}

export function useNft(id: string) {
  const locale = currentLocale();
  return useQuery({
    queryKey: ['nft', locale, id],
    queryFn: async ({ signal }) =>
      (await api.get<NftDetail>(`${index}/getNftById/${encodeURIComponent(id)}`, undefined, signal)).result,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? nftRefetchMs : false),
  });
}

/** ['myNfts', userId]: bids live on the real book only, so the book is not part of the key. */
function useMyNftsKey() {
  const { user: signedIn } = useSession();
  return ['myNfts', signedIn?.id ?? null] as const;
}

export function useMyNfts(page: number) {
  const key = useMyNftsKey();
  const locale = currentLocale();
  return useQuery({
    queryKey: [...key, locale, page],
    enabled: key[1] !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get<Page<MyNft>>(`${user}/listNft`, { page, size: myNftPageSize }, signal)).result,
    refetchInterval: (query) =>
      query.state.data?.list.some((item) => item.status === 'open') ? nftRefetchMs : false,
  });
}

/**
 * My standing on one piece (my bid, whether I lead, whether I won), for its detail: read from my auctions,
 * the largest page of them, so the piece is there unless I bid on more than a hundred at once.
 */
export function useMyNft(id: string) {
  const key = useMyNftsKey();
  const locale = currentLocale();
  return useQuery({
    queryKey: [...key, locale, 'standing'],
    enabled: key[1] !== null,
    queryFn: async ({ signal }) =>
      (await api.get<Page<MyNft>>(`${user}/listNft`, { page: 1, size: 100 }, signal)).result,
    select: (page) => page.list.find((item) => item.id === id),
    refetchInterval: (query) =>
      query.state.data?.list.some((item) => item.status === 'open') ? nftRefetchMs : false,
  });
}

export function useDonations(page: number) {
  return useQuery({
    queryKey: ['donations', page],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get<DonationPage>(`${index}/listDonation`, { page, size: donationPageSize }, signal)).result,
  });
}

export type BidInput = BuyNftBody & {
  /** One per confirm, reused when the same confirm is sent again (DESIGN.md §1.2). */
  idempotencyKey: string;
};

export function useBidNft() {
  const queryClient = useQueryClient();
  const mine = useMyNftsKey();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: BidInput) =>
      request<NftBid>('POST', `${user}/buyNft`, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // The piece, the cards, my auctions and my balance all changed with the bid.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['nft'] });
      void queryClient.invalidateQueries({ queryKey: ['nfts'] });
      void queryClient.invalidateQueries({ queryKey: mine });
      void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    },
  });
}
