// A USDT amount inside a sentence: formatted for the language and wrapped in Unicode isolates (FSI … PDI,
// what <bdi> does for markup), so "110.00 USDT" keeps its order inside Arabic text.
import { currentLocale } from '../../i18n/i18n.ts';
import { formatMoney, type MoneyContext } from '@tradewind/contract/money-format';

export function usdtText(value: string, context: MoneyContext = 'amount'): string {
  return `\u2068${formatMoney(value, currentLocale(), context)} USDT\u2069`;
}
