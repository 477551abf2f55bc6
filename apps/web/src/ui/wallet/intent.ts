// Idempotency keys per user intent (CONTRACT.md "Idempotency-Key", 8–128 characters): the same submission
// sent again (a retry after a network failure or a double click) carries the same key, so the server
// answers it once; a changed submission is a new intent and gets a new key.
import { useCallback, useRef } from 'react';
import { ApiError, clientCodes } from '../../api/client.ts';

/** 32 hex characters from the browser's CSPRNG; works outside secure contexts, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useIntentKey() {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  /** The key of this exact submission: reused while `fingerprint` is unchanged. */
  const keyFor = useCallback((fingerprint: string): string => {
    if (last.current?.fingerprint === fingerprint) return last.current.key;
    const key = newIdempotencyKey();
    last.current = { fingerprint, key };
    return key;
  }, []);
  /** After a success the intent is fulfilled: the next submission, even an identical one, is new. */
  const done = useCallback(() => {
    last.current = null;
  }, []);
  /**
   * After a failure: one the server answered is stored under the key and would be replayed, so the intent
   * is over; without an answer (network, timeout) the same submission may be retried under the same key.
   */
  const failed = useCallback((error: unknown) => {
    const unanswered =
      error instanceof ApiError && (error.code === clientCodes.network || error.code === clientCodes.timeout);
    if (!unanswered) last.current = null;
  }, []);
  return { keyFor, done, failed };
}
