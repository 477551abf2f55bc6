// The one error type of the API: a catalogue code, mapped to an HTTP status and a localized message.
import { httpStatusOf, type Code } from '@tradewind/contract';

export type MessageParams = Record<string, string | number>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: Code,
    readonly params: MessageParams = {},
    /** Per-field messages for validation failures: field → message key under `fields.` or a code. */
    readonly fields?: Record<string, FieldProblem>,
    /** What the client needs to go on, answered as the envelope's result (10113: which second factors). */
    readonly result?: Record<string, unknown>,
  ) {
    super(`AppError ${code}`);
    this.status = httpStatusOf[code];
  }
}

export type FieldProblem = { key: string; params?: MessageParams };

/** Throws when `condition` is false: for programmer errors that must stop the request, not the user. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}
