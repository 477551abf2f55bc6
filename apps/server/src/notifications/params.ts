// How each parameter of a notification reads when it is rendered for its reader (notifications are stored
// with their parameters and worded when read): money through the contract's display rules (money-format.ts)
// in the reader's locale — "2,500.00 USDT" in English, "2.500,00 USDT" in German — everything else as stored.
// A parameter's name means the same in every notification; a placeholder named in neither list fails
// notifications.test.ts, so a new one is given its reading before it reaches a customer.
import { formatMoney, type MoneyContext } from '@tradewind/contract/money-format';
import type { Locale } from '../platform/i18n.ts';

/** USDT amounts (2 decimals), results (signed, 2 decimals) and prices (the decimals sent), grouped. */
export const moneyParams = {
  amount: 'amount',
  fee: 'amount',
  interest: 'amount',
  owed: 'amount',
  pnl: 'pnl',
  net: 'pnl',
  price: 'price',
} as const satisfies Readonly<Record<string, MoneyContext>>;

/** Shown as stored: names, numbers of things, reasons, and the words a notification names by key. */
export const textParams: readonly string[] = [
  'reason',
  'orderNo',
  'instrument',
  'id',
  'previousId',
  'day',
  'days',
  'rate',
  'name',
  'excerpt',
  'book',
  'direction',
];

const isMoneyParam = (name: string): name is keyof typeof moneyParams => Object.hasOwn(moneyParams, name);

export function readableParams(
  params: Readonly<Record<string, string>>,
  locale: Locale,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      isMoneyParam(name) ? formatMoney(value, locale, moneyParams[name]) : value,
    ]),
  );
}
