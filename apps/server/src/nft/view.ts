// A piece as the wire shows it (contract nft.ts): amounts as USDT strings, the description in the reader's
// language, the artwork as a versioned URL, the smallest next bid worked out once here for every screen.
import { nftChains, nftStatuses, type Nft, type NftChain, type NftStatus } from '@tradewind/contract';
import { assets, formatMinor } from '@tradewind/contract/money';
import { assert } from '../platform/errors.ts';
import type { Locale } from '../platform/i18n.ts';
import type { NftDescriptions, NftRow } from './tables.ts';

export const money = (minor: bigint) => formatMinor(minor, assets.USDT.scale);

export const nftImagePath = '/api/swx/customer/index/nftImage';

/** The artwork URL; `v` changes with the image, so caches may keep each version for good. */
export const imageUrl = (row: Pick<NftRow, 'id' | 'imageSha256'>) =>
  `${nftImagePath}/${row.id}?v=${row.imageSha256.slice(0, 16)}`;

export const localizedText = (texts: NftDescriptions, locale: Locale): string =>
  texts[locale] ?? texts.en ?? '';

/** The smallest bid buyNft takes now: one increment above the current bid (the start price before any). */
export const minNextBidMinor = (row: Pick<NftRow, 'currentBidMinor' | 'minIncrementMinor'>) =>
  row.currentBidMinor + row.minIncrementMinor;

/** Every column of a piece except the artwork bytes (lists never need them). */
export type NftFields = Omit<NftRow, 'imagePng'>;

/** The row's status as the contract's enum (the CHECK allows nothing else). */
export function statusOf(row: Pick<NftRow, 'status'>): NftStatus {
  const status = nftStatuses.find((s) => s === row.status);
  assert(status, `nft status ${row.status} is one of the contract's`);
  return status;
}

/** The row's chain as the contract's enum, or null (the CHECK of migration 0028 allows nothing else). */
export function chainOf(row: Pick<NftRow, 'chain'>): NftChain | null {
  if (row.chain === null) return null;
  const chain = nftChains.find((c) => c === row.chain);
  assert(chain, `nft chain ${row.chain} is one of the contract's`);
  return chain;
}

export function nftView(row: NftFields, locale: Locale, donationTotalMinor: bigint): Nft {
  return {
    id: String(row.id),
    name: row.name,
    description: localizedText(row.descriptions, locale),
    image: imageUrl(row),
    creator: row.creator,
    chain: chainOf(row),
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    startPrice: money(row.startPriceMinor),
    currentBid: money(row.currentBidMinor),
    minIncrement: money(row.minIncrementMinor),
    minNextBid: money(minNextBidMinor(row)),
    endAt: row.endAt.getTime(),
    extended: row.endAt.getTime() > row.originalEndAt.getTime(),
    status: statusOf(row),
    bidCount: row.bidCount,
    donationTotal: money(donationTotalMinor),
    ...(row.settledAt ? { settledAt: row.settledAt.getTime() } : {}),
  };
}

/**
 * "alice" → "al***": bidders on the public detail are recognisable to themselves, not identified to others.
 * A name of one or two letters keeps only the first, so no name is shown whole.
 */
export function maskName(userName: string): string {
  const letters = [...userName];
  return `${letters.slice(0, letters.length > 2 ? 2 : 1).join('')}***`;
}
