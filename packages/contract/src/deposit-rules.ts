// The deposit rules both ends apply, without zod (the browser imports them through
// `@tradewind/contract/deposit-rules` and stays light): coins, networks and their chains, how a
// transaction hash is spelled once per chain, and the rate a spread leaves of a feed price.
import { roundDown } from './money.ts';

/** Coins a deposit channel can receive; the scale of each is chosen once in the money module. */
export const depositAssets = ['USDT', 'BTC', 'ETH'] as const;
export type DepositAsset = (typeof depositAssets)[number];
/** The networks a channel can name: a fixed list, because each must map to one chain. */
export const depositNetworks = ['TRC20', 'ERC20', 'Bitcoin', 'Ethereum'] as const;
export type DepositNetwork = (typeof depositNetworks)[number];
/** Chains: a transaction hash identifies one transfer on its chain, whichever channel or coin names it. */
export const depositChains = ['tron', 'ethereum', 'bitcoin'] as const;
export type DepositChain = (typeof depositChains)[number];

/** USDT on ERC20 and ETH on Ethereum are one chain, so one hash can be claimed once across both. */
export const chainOfNetwork: Record<DepositNetwork, DepositChain> = {
  TRC20: 'tron',
  ERC20: 'ethereum',
  Bitcoin: 'bitcoin',
  Ethereum: 'ethereum',
};
/** The networks each coin is received on. */
export const networksOfAsset: Record<DepositAsset, readonly DepositNetwork[]> = {
  USDT: ['TRC20', 'ERC20'],
  BTC: ['Bitcoin'],
  ETH: ['Ethereum'],
};
/** The instrument whose last tick prices one coin in USDT (DESIGN.md §1.3); USDT itself is credited 1:1. */
export const rateCodeOfAsset: Record<DepositAsset, string | null> = {
  USDT: null,
  BTC: 'BTCUSDT',
  ETH: 'ETHUSDT',
};
/** The largest disclosed spread (haircut) a channel may take from the feed's price: 5 %. */
export const depositSpreadBpsMax = 500;

/**
 * The one stored spelling of a transaction hash on `chain` (64 lower-case hex digits, no `0x`), or
 * undefined when the text is not one. Ethereum hashes are written with or without `0x`; TRON and Bitcoin
 * transaction ids never carry it, so a `0x` there is refused as a sign of the wrong chain.
 */
export function normalizeTxHash(chain: DepositChain, text: string): string | undefined {
  const trimmed = text.trim();
  const hex = chain === 'ethereum' ? trimmed.replace(/^0[xX]/, '') : trimmed;
  return /^[0-9a-fA-F]{64}$/.test(hex) ? hex.toLowerCase() : undefined;
}

/** How a stored hash is shown: with `0x` on Ethereum, as explorers write it; bare on TRON and Bitcoin. */
export const displayTxHash = (chain: DepositChain, normalized: string): string =>
  chain === 'ethereum' ? `0x${normalized}` : normalized;

/**
 * The rate a deposit is credited at, in USDT minor units per whole coin: the tick's price less the
 * channel's disclosed spread, rounded down (the coin amount to send is rounded up from it).
 */
export function spreadRateMinor(priceMinor: bigint, spreadBps: number): bigint {
  if (!Number.isInteger(spreadBps) || spreadBps < 0 || spreadBps > depositSpreadBpsMax)
    throw new RangeError(`spread ${spreadBps} bps outside 0..${depositSpreadBpsMax}`);
  if (priceMinor <= 0n) throw new RangeError('a price is positive');
  return roundDown(priceMinor * BigInt(10_000 - spreadBps), 10_000n);
}
