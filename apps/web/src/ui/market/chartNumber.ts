// The one place where wire decimals become JavaScript numbers: for drawing only (sparkline geometry and
// the K-line chart's coordinates). A float is fine for where a pixel goes; it never feeds an amount, a
// comparison that decides anything, or text shown as a price (that is formatted from the string).

/** A decimal string as a number for drawing; NaN for anything that is not a decimal. */
export function toChartNumber(decimal: string): number {
  return /^-?\d+(\.\d+)?$/.test(decimal) ? Number(decimal) : Number.NaN;
}
