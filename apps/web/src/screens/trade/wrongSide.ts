// The message for a take-profit or stop-loss on the wrong side of the price: the bounds for the chosen
// direction ("Down: take-profit below 3,000.00 and stop-loss above it"), never a bare "unreasonable".
import type { TFunction } from 'i18next';
import type { Locale } from '@tradewind/i18n';
import type { ContractDirection } from '@tradewind/contract/orders-math';
import { formatPrice } from '../../ui/market/format.ts';

export function wrongSideMessage(
  t: TFunction<'trade'>,
  direction: ContractDirection,
  price: string,
  locale: Locale,
): string {
  const params = { price: formatPrice(price, locale) };
  return direction === 'up' ? t('panel.wrongSideUp', params) : t('panel.wrongSideDown', params);
}
