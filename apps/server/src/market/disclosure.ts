// The contract terms a confirm step discloses for an instrument, as the wire shows them, and their hash
// (CONTRACT.md "Terms shown = terms applied"). getMarketInfo answers them with `termsSha256`; buyOptions
// recomputes the hash from the terms in force inside its transaction and refuses 10112 on any difference,
// so a contract size, lot limit, leverage choice, fee, term, close-out level, slippage tolerance or
// trading-hours edit between the quote and the click cannot apply unseen.
import type { TradingHours } from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import { closeOutLevelPct } from '@tradewind/contract/orders-math';
import { termsSha256 } from '../platform/terms.ts';
import { lotScale, type Instrument } from './catalogue.ts';

export type ContractTermsInForce = Pick<
  Instrument,
  'lotStepMinor' | 'minLotsMinor' | 'maxLotsMinor' | 'contractSize' | 'leverages' | 'feeRateBps' | 'terms'
> & { tradingHours: TradingHours };

export type DisclosedContractTerms = {
  lotSize: string;
  contractSize: string;
  minLots: string;
  maxLots: string;
  leverages: number[];
  feeRate: string;
  terms: Array<{ id: string; seconds: number }>;
  closeOutLevelPct: string;
  maxSlippagePct: string;
  tradingHours: TradingHours;
};

/** The disclosed terms of `i` with `max_slippage_pct` as the parameter holds it ("0.5"). */
export function disclosedContractTerms(
  i: ContractTermsInForce,
  maxSlippagePct: string,
): DisclosedContractTerms {
  return {
    lotSize: formatMinor(i.lotStepMinor, lotScale),
    contractSize: i.contractSize.toString(),
    minLots: formatMinor(i.minLotsMinor, lotScale),
    maxLots: formatMinor(i.maxLotsMinor, lotScale),
    leverages: [...i.leverages],
    feeRate: formatMinor(BigInt(i.feeRateBps), 4),
    terms: i.terms.map((t) => ({ id: t.id, seconds: t.seconds })),
    closeOutLevelPct: closeOutLevelPct.toString(),
    maxSlippagePct: maxSlippagePct.trim(),
    tradingHours: i.tradingHours,
  };
}

export function contractTermsSha256(terms: DisclosedContractTerms): string {
  // Trading hours are a zod-parsed JSON value: plain strings, numbers, booleans and arrays.
  return termsSha256({ ...terms, tradingHours: JSON.parse(JSON.stringify(terms.tradingHours)) as never });
}
