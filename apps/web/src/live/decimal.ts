// Comparison of wire decimal strings ("66378.57", "-0.05") without turning them into floats: the live
// store needs to know whether a price went up or down, and a float could call two close prices equal.

const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

type Parts = { negative: boolean; whole: string; fraction: string };

function parts(value: string): Parts | undefined {
  const match = decimalPattern.exec(value);
  if (!match) return undefined;
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = whole === '0' && fraction === '';
  // "-0.00" is zero, not a negative number.
  return { negative: match[1] === '-' && !zero, whole, fraction };
}

function compareMagnitude(a: Parts, b: Parts): -1 | 0 | 1 {
  if (a.whole.length !== b.whole.length) return a.whole.length < b.whole.length ? -1 : 1;
  if (a.whole !== b.whole) return a.whole < b.whole ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, '0');
  const fb = b.fraction.padEnd(width, '0');
  if (fa === fb) return 0;
  return fa < fb ? -1 : 1;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; throws on a string that is not a decimal. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const pa = parts(a);
  const pb = parts(b);
  if (!pa || !pb) throw new Error(`not a decimal: ${pa ? b : a}`);
  if (pa.negative !== pb.negative) return pa.negative ? -1 : 1;
  const magnitude = compareMagnitude(pa, pb);
  return pa.negative ? ((-magnitude || 0) as -1 | 0 | 1) : magnitude;
}

export function isDecimal(value: string): boolean {
  return decimalPattern.test(value);
}

/** The larger of two decimals, as given (no reformatting). */
export function maxDecimal(a: string, b: string): string {
  return compareDecimal(a, b) >= 0 ? a : b;
}

export function minDecimal(a: string, b: string): string {
  return compareDecimal(a, b) <= 0 ? a : b;
}
