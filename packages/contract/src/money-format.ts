// How money reads, one rule per context (issue 23), for the customer app and the server's notification texts
// alike: wire decimal strings in, the reader's locale through Intl out (grouping, decimal sign, digits). Intl
// formats the string itself, never a float. Imported as `@tradewind/contract/money-format`, without zod.
//
// - `amount`: every balance and amount a screen lists (equity, available, frozen, margin, fund records, plans,
//   loans, bids, rewards) and the amounts in notifications: 2 decimals, rounded toward zero so a balance never
//   reads as more than is there. A non-zero amount under a cent shows its own digits rather than "0.00".
// - `exact`: where the precise figure is what the customer decides on or checks: confirm steps (what will be
//   charged, held or paid), a deposit's coin amount, and a record's detail (the `amount` figure's title): every
//   digit the server sent, at least 2, at most the asset's scale.
// - `pnl`: profit and loss: 2 decimals, rounded to the nearest cent, always signed ("+12.50", "-3.20"); a
//   result that rounds to zero has no sign.
// - `price`: a price or rate as the feed gives it: exactly the decimals sent, grouped.
import { tryParseDecimal, usdtScale } from './money.ts';

export const moneyContexts = ['amount', 'exact', 'pnl', 'price'] as const;
export type MoneyContext = (typeof moneyContexts)[number];

export type MoneyFormatOptions = {
  /** The asset's scale (USDT 6, BTC 8): the most decimals `exact` shows. */
  scale?: number;
  /** `amount` and `exact` with "+" on credits, as a list of movements shows them. */
  signed?: boolean;
};

const formats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per locale and options, built once: the front end's other figures share it. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const wireDecimal = /^[+-]?\d+(\.\d+)?$/;
const decimalsOf = (value: string): number => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};

/** Whether `value` is not zero but less than one cent either way: "0.004", "-0.000001". */
function underACent(value: string, scale: number): boolean {
  const minor = tryParseDecimal(value.replace(/^\+/, ''), Math.max(scale, decimalsOf(value)));
  if (minor === undefined || minor === 0n) return false;
  const cent = 10n ** BigInt(Math.max(scale, decimalsOf(value)) - 2);
  return (minor < 0n ? -minor : minor) < cent;
}

function optionsOf(
  value: string,
  context: MoneyContext,
  scale: number,
  signed: boolean,
): Intl.NumberFormatOptions {
  const sign = signed ? 'exceptZero' : 'auto';
  switch (context) {
    case 'pnl':
      return {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        roundingMode: 'halfExpand',
        signDisplay: 'exceptZero',
      };
    case 'price': {
      const digits = Math.min(decimalsOf(value), 20);
      return { minimumFractionDigits: digits, maximumFractionDigits: digits, roundingMode: 'trunc' };
    }
    case 'exact':
      return {
        minimumFractionDigits: Math.min(2, scale),
        maximumFractionDigits: scale,
        roundingMode: 'trunc',
        signDisplay: sign,
      };
    case 'amount':
      return underACent(value, scale)
        ? optionsOf(value, 'exact', scale, signed)
        : { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingMode: 'trunc', signDisplay: sign };
  }
}

/**
 * `value` (a wire decimal: "2500", "-0.35", "+2.5") as `context` reads it in `locale`: "2,500.00" (en),
 * "2.500,00" (de). Anything that is not a decimal is answered as it came, never as "NaN".
 */
export function formatMoney(
  value: string,
  locale: string,
  context: MoneyContext = 'amount',
  { scale = usdtScale, signed = false }: MoneyFormatOptions = {},
): string {
  const text = value.trim();
  if (!wireDecimal.test(text)) return value;
  return numberFormat(locale, optionsOf(text, context, scale, signed)).format(
    text as Intl.StringNumericLiteral,
  );
}
