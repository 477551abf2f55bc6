// Envelope, pages and scalar shapes used by every call (CONTRACT.md "Envelope" and "Conventions").
import { z } from 'zod';
import { decimalPattern } from './wire.ts';

export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ code: z.string(), message: z.string(), result });

export type Envelope<T> = { code: string; message: string; result: T };

/** A decimal string as money and prices travel on the wire: no exponent, no float. */
export const decimalString = z.string().regex(decimalPattern);

export const idString = z.string().regex(/^\d{1,20}$/);

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
