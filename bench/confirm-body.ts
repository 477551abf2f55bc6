// What the benches send to open a contract: the body a confirm step sends, built from an instrument's
// market info as the customer saw it.
import type { BuyOptionsBody, MarketInfo } from '@tradewind/contract';

/**
 * The quoted price, fee rate and terms hash shown, the smallest size, the highest leverage and the longest
 * term, up.
 */
export function confirmBody(info: MarketInfo): BuyOptionsBody {
  return {
    code: info.code,
    direction: 'up',
    lots: info.minLots,
    leverage: Math.max(...info.leverages),
    termId: info.terms.at(-1)?.id ?? '60',
    quotedPrice: info.nowPrice,
    quotedFeeRate: info.feeRate,
    termsSha256: info.termsSha256,
  };
}
