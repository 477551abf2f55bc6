// How the confirm step turns a quote currency other than USD/USDT into USDT: the server locks the USD pair's
// latest price at open (USDJPY inverted, GBPUSD direct); the confirm step shows the same from the pair's
// live price, as an approximation.
import { ApiError } from '../../api/client.ts';
import { useMarketInfo } from '../../api/market.ts';
import { useLiveQuote } from '../../live/hooks.ts';
import { parity, type Conversion } from '@tradewind/contract/orders-math';
import { conversionFromPair, conversionPairs } from './ticket.ts';

export type QuoteConversion =
  | { kind: 'parity'; conversion: Conversion }
  | { kind: 'pair'; conversion: Conversion; code: string; appName: string; price: string }
  | { kind: 'pending' }
  | { kind: 'unavailable' };

const isNotFound = (error: unknown) => error instanceof ApiError && error.httpStatus === 404;

export function useQuoteConversion(quote: string): QuoteConversion {
  const [first, second] = conversionPairs(quote);
  const firstInfo = useMarketInfo(first?.code ?? '');
  const useSecond = second !== undefined && isNotFound(firstInfo.error);
  const secondInfo = useMarketInfo(useSecond ? second.code : '');
  const chosen = !first
    ? undefined
    : useSecond
      ? { pair: second, info: secondInfo }
      : { pair: first, info: firstInfo };
  const live = useLiveQuote(chosen?.info.data?.code);
  if (!first) return { kind: 'parity', conversion: parity };
  if (!chosen?.info.data) {
    const failed = useSecond ? secondInfo.isError : firstInfo.isError && !isNotFound(firstInfo.error);
    return failed ? { kind: 'unavailable' } : { kind: 'pending' };
  }
  const price = live?.price ?? chosen.info.data.nowPrice;
  const conversion = conversionFromPair(price, chosen.pair.invert);
  if (!conversion) return { kind: 'unavailable' };
  return { kind: 'pair', conversion, code: chosen.info.data.code, appName: chosen.info.data.appName, price };
}
