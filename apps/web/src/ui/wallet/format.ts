// Wallet rates for display: wire decimal strings handed to Intl as strings (exact, never a float), with the
// locale's digits and signs. Amounts: @tradewind/contract/money-format.
import { numberFormat } from '@tradewind/contract/money-format';
import type { Locale } from '@tradewind/i18n';

/** A rate as a wire decimal ("0.01") shown as a percentage ("1%"), exactly. */
export function formatRate(value: string, locale: Locale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 4, roundingMode: 'trunc' }).format(
    value as Intl.StringNumericLiteral,
  );
}
