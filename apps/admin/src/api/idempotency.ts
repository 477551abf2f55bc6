// Idempotency keys of the back office's money-moving POSTs (CONTRACT.md "Idempotency-Key", 8–128
// characters): one per confirmed action, sent again unchanged when the first attempt got no answer, so the
// server records the action once however often it is retried.

/** 32 hex characters from the browser's CSPRNG; works outside secure contexts, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
