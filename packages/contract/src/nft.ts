// Charity NFT auctions on the wire (CONTRACT.md "User" buyNft/listNft, "Market and content" listNft,
// getNftById, listDonation, "Back office" nfts; issue 11): the public collection, bids, the customer's
// auctions, the public donation ledger, and the back office's auctions and payouts to the charity.
import { z } from 'zod';
import { amountString, decimalString, idString, page, pageQuery, text } from './common.ts';
import { usdtScale } from './money.ts';

/** open: taking bids until `endAt`; sold: settled to the highest bidder; unsold: ended without a bid. */
export const nftStatuses = ['open', 'sold', 'unsold'] as const;
export type NftStatus = (typeof nftStatuses)[number];

/**
 * The chains a piece's token can be recorded on: EVM chains, where a contract address is 20 bytes written
 * with its EIP-55 checksum (checked like a deposit address, so a typo is refused rather than published).
 */
export const nftChains = ['Ethereum', 'Polygon'] as const;
export type NftChain = (typeof nftChains)[number];

/** A bid in the last `nftAntiSnipingMs` before the end moves the end to the bid time + this. */
export const nftAntiSnipingMs = 2 * 60_000;

/** One piece of the collection as listed (public). Amounts in USDT. */
export const nft = z.object({
  id: z.string(),
  name: z.string(),
  /** In the request's language (English when the piece has no text in it). */
  description: z.string(),
  /** URL of the artwork (image/png), relative to the site: `/api/swx/customer/index/nftImage/{id}?v=…`. */
  image: z.string(),
  creator: z.string(),
  /**
   * Where the token lives, all three or none: null until an operator has recorded a minted token (chain,
   * EIP-55 contract address, token id). Null: a collectible issued by the platform, not on any chain.
   */
  chain: z.enum(nftChains).nullable(),
  contractAddress: z.string().nullable(),
  tokenId: z.string().nullable(),
  startPrice: decimalString,
  /** The highest bid, or the start price while there is no bid. */
  currentBid: decimalString,
  minIncrement: decimalString,
  /** The smallest bid buyNft accepts now: currentBid + minIncrement. */
  minNextBid: decimalString,
  /** Epoch ms; moves later when a bid lands in the last 2 minutes (anti-sniping). */
  endAt: z.number().int(),
  /** True once a late bid has moved `endAt` past the end the auction was created with (anti-sniping). */
  extended: z.boolean(),
  status: z.enum(nftStatuses),
  bidCount: z.number().int(),
  /** Donations of the whole collection so far (settled auctions), the same figure on every card. */
  donationTotal: decimalString,
  /** Sold: when it was settled. */
  settledAt: z.number().int().optional(),
});
export type Nft = z.infer<typeof nft>;

/** GET /swx/customer/index/listNft: `status` absent lists every piece, open ones first. */
export const listNftQuery = pageQuery.extend({ status: z.enum(nftStatuses).optional() });
export type ListNftQuery = z.infer<typeof listNftQuery>;

export const nftIdParams = z.strictObject({ id: idString });

/** A bid as the public detail shows it: the bidder's name masked ("al***"). */
export const nftBidView = z.object({ amount: decimalString, at: z.number().int(), bidder: z.string() });

/** GET /swx/customer/index/getNftById/{id} **+** (public): the piece and its latest 20 bids, newest first. */
export const nftDetail = nft.extend({ bids: z.array(nftBidView) });
export type NftDetail = z.infer<typeof nftDetail>;

/** POST /swx/customer/user/buyNft (Idempotency-Key). */
export const buyNftBody = z.strictObject({
  nftId: idString,
  /** USDT, at most 6 decimals; at least the piece's minNextBid, else 10016. */
  amount: amountString(usdtScale, { positive: true }),
});
export type BuyNftBody = z.infer<typeof buyNftBody>;

/** The answer to buyNft: the bid, and the piece after it (the caller now leads). */
export const nftBid = z.object({
  id: z.string(),
  nftId: z.string(),
  amount: decimalString,
  at: z.number().int(),
  /** The auction's end after this bid. */
  endAt: z.number().int(),
  /** True when this bid moved the end (anti-sniping). */
  extended: z.boolean(),
  nft,
});
export type NftBid = z.infer<typeof nftBid>;

/** GET /swx/customer/user/listNft: a piece I bid on or own. */
export const myNft = nft.extend({
  /** My highest bid on it. */
  myBid: decimalString,
  /** Open: I hold the highest bid (my hold is on it). Sold: I won it. */
  leading: z.boolean(),
  /** Sold to me: I own it. */
  owned: z.boolean(),
});
export type MyNft = z.infer<typeof myNft>;

export const listMyNftQuery = pageQuery;

export const donationKinds = ['donation', 'payout'] as const;
export type DonationKind = (typeof donationKinds)[number];

/**
 * A line of the public donation ledger: a settled auction (kind donation: the winning bid, bid hold →
 * charity payable) or a payout to the charity (kind payout: charity payable → paid out). `entryId` names
 * the journal entry that moved it.
 */
export const donationRow = z.object({
  /** Unique across both kinds: "donation-3", "payout-1". */
  id: z.string(),
  kind: z.enum(donationKinds),
  nftId: z.string().optional(),
  nftName: z.string().optional(),
  amount: decimalString,
  at: z.number().int(),
  entryId: z.string(),
  /** Payout: the bank or chain reference of the transfer to the charity. */
  reference: z.string().optional(),
  /** Payout: the day the transfer was made, YYYY-MM-DD (`at` is when it was recorded). */
  paidAt: z.string().optional(),
});
export type DonationRow = z.infer<typeof donationRow>;

/** Totals of the whole ledger: donated = held (charity payable) + paidOut. */
export const donationTotals = z.object({
  donated: decimalString,
  paidOut: decimalString,
  held: decimalString,
});
export type DonationTotals = z.infer<typeof donationTotals>;

/** GET /swx/customer/index/listDonation **+**: newest first. */
export const donationPage = page(donationRow).extend({ totals: donationTotals });
export type DonationPage = z.infer<typeof donationPage>;

// ---- Back office (permission manageNfts) ----

/** The largest artwork accepted, decoded bytes (re-encoded to PNG by the server). */
export const nftImageBytesMax = 5 * 1024 * 1024;

/** An auction as the back office sees it: every field, the winner, and whether artwork/texts may change. */
export const adminNft = nft.extend({
  /** Every language's description as stored ("en" always present). */
  descriptions: z.record(z.string(), z.string()),
  leaderUserId: z.string().optional(),
  leaderUserName: z.string().optional(),
  /** False once the first bid is in: the artwork and texts are frozen with the prices. */
  editable: z.boolean(),
  createdAt: z.number().int(),
});
export type AdminNft = z.infer<typeof adminNft>;

export const adminNftsQuery = pageQuery.extend({ status: z.enum(nftStatuses).optional() });

const nftTexts = {
  name: text().trim().min(1).max(120),
  /** The English (default) description; shown in a language with no text of its own. */
  description: text().trim().min(1).max(2000),
  /** Optional translations by locale code ("ja", "ar", …). */
  descriptions: z.record(z.string(), text().trim().min(1).max(2000)).optional(),
  creator: text().trim().min(1).max(120),
  /** `data:image/png;base64,…` or `data:image/jpeg;base64,…`; not an image: 10106; too large: 10107. */
  image: text().max(8_000_000),
};

/**
 * A minted token, all three fields together: the chain, its contract address with the EIP-55 checksum (else
 * a field problem on `contractAddress`), and the token id as a decimal uint256.
 */
export const nftToken = z.strictObject({
  chain: z.enum(nftChains),
  contractAddress: text().trim().max(64),
  tokenId: text().trim().max(80),
});
export type NftToken = z.infer<typeof nftToken>;

/**
 * POST /admin/api/nfts: a new auction. endAt must be in the future. Refused (10000, field `charity_name`)
 * while the charity parameter is empty: no auction starts before customers can see who receives the bid.
 */
export const adminNftCreateBody = z.strictObject({
  ...nftTexts,
  /** Absent: a platform-issued collectible with no chain record. */
  token: nftToken.optional(),
  startPrice: amountString(usdtScale, { positive: true }),
  minIncrement: amountString(usdtScale, { positive: true }),
  /** Epoch ms. */
  endAt: z.number().int().positive(),
});
export type AdminNftCreateBody = z.infer<typeof adminNftCreateBody>;

/**
 * POST /admin/api/nfts/{id}: artwork and texts only, until the first bid (after it: 10131). Prices, bids
 * and the end never change here: any other field is refused (400).
 */
export const adminNftEditBody = z.strictObject({
  name: nftTexts.name.optional(),
  description: nftTexts.description.optional(),
  /** When present, replaces every translation (absent: the translations stay). */
  descriptions: nftTexts.descriptions,
  creator: nftTexts.creator.optional(),
  /** A token recorded, or null to remove a wrong record; absent: unchanged. Frozen with the texts. */
  token: nftToken.nullable().optional(),
  image: nftTexts.image.optional(),
});
export type AdminNftEditBody = z.infer<typeof adminNftEditBody>;

/**
 * POST /admin/api/nfts/payouts (Idempotency-Key, the admin's own): money paid to the charity, charity
 * payable → paid out. A replay answers the first answer; the key with another body: 10110.
 */
export const adminNftPayoutBody = z.strictObject({
  /** USDT; above the charity payable balance: 10132. */
  amount: amountString(usdtScale, { positive: true }),
  reference: text().trim().min(1).max(200),
  /** The day the transfer was made, YYYY-MM-DD (not in the future). */
  paidAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type AdminNftPayoutBody = z.infer<typeof adminNftPayoutBody>;

export const nftPayout = z.object({
  id: z.string(),
  amount: decimalString,
  reference: z.string(),
  paidAt: z.string(),
  entryId: z.string(),
  adminId: z.string(),
  createdAt: z.number().int(),
});
export type NftPayout = z.infer<typeof nftPayout>;

/** GET /admin/api/nfts/payouts: the payouts, newest first, with the ledger totals. */
export const adminNftPayoutPage = page(nftPayout).extend({ totals: donationTotals });
export type AdminNftPayoutPage = z.infer<typeof adminNftPayoutPage>;
