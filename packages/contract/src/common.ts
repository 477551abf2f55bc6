// Envelope, pages and scalar shapes used by every call (CONTRACT.md "Envelope" and "Conventions").
import { z } from 'zod';
import { decimalPattern, idPattern } from './wire.ts';
import { fitsMinor, tryParseDecimal } from './money.ts';

// The front ends check ids without zod (wire.ts); re-exported so they take it from the package root.
export { isIdString } from './wire.ts';

export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ code: z.string(), message: z.string(), result });

export type Envelope<T> = { code: string; message: string; result: T };

/** A decimal string as money and prices travel on the wire: no exponent, no float. */
export const decimalString = z.string().regex(decimalPattern);

/**
 * Text a request may carry into the database: PostgreSQL refuses U+0000 in a text column, so a NUL would
 * reach it as a 500. Every free-text field of a request is built from this (`text().trim().max(500)`).
 */
export const text = () => z.string().refine((v) => !v.includes('\u0000'), 'must not contain NUL');

/**
 * A row id on the wire. Ids are bigserial columns read as JS numbers (Drizzle `mode: 'number'`), exact only
 * up to 2^53 − 1: a larger id could name another row or overflow the column, so it is refused here rather
 * than at the database. A table would need 9 quadrillion rows to reach the bound.
 */
export const idString = z
  .string()
  .regex(idPattern)
  .refine((v) => Number(v) <= Number.MAX_SAFE_INTEGER, 'id out of range');

/**
 * An amount a request carries, at `scale` decimals at most (no rounding), that fits the bigint column it
 * is stored in (`fitsMinor`): "9223372036854.775808" USDT is one minor unit too many. `positive` refuses
 * zero; `signed` allows a leading minus (an adjustment's debit).
 */
export function amountString(scale: number, opts: { positive?: boolean; signed?: boolean } = {}) {
  const fraction = scale > 0 ? `(\\.\\d{1,${scale}})?` : '';
  const pattern = new RegExp(`^${opts.signed ? '-?' : ''}\\d{1,20}${fraction}$`);
  return z
    .string()
    .trim()
    .regex(pattern)
    .refine((v) => {
      const minor = tryParseDecimal(v, scale);
      return minor !== undefined && fitsMinor(minor);
    }, 'amount out of range')
    .refine((v) => !opts.positive || /[1-9]/.test(v), 'must be greater than zero');
}

export const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });

export type Page<T> = { list: T[]; total: number; page: number; size: number };

export const validationResult = z.object({ fields: z.record(z.string(), z.string()) });

export const bookHeader = z.enum(['YES', 'NO']);
export type Book = 'demo' | 'real';
