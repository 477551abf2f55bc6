// The bid form's own check, before anything is sent: a USDT amount (at most 6 decimals, the shared money
// module's rule) of at least the piece's minimum next bid. The server checks the same rule again (10016).
import { compareDecimal, formatMinor, parseAmount, usdtScale } from '@tradewind/contract/money';

export type BidCheck = { kind: 'ok'; amount: string } | { kind: 'invalid' } | { kind: 'below' };

/** Inputs longer than this are not amounts anyone types; the field refuses more characters. */
export const bidInputMax = 24;

export function checkBid(text: string, minNextBid: string): BidCheck {
  const minor = parseAmount(text.trim(), usdtScale);
  if (minor === undefined || minor === 0n) return { kind: 'invalid' };
  const amount = formatMinor(minor, usdtScale);
  return compareDecimal(amount, minNextBid) < 0 ? { kind: 'below' } : { kind: 'ok', amount };
}
