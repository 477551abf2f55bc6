// React access to the live-price store: a row subscribes to its own code and marks it as shown.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { quoteOf, showCode, subscribeQuote, type LiveQuote } from './store.ts';

export function useLiveQuote(code: string | undefined): LiveQuote | undefined {
  useEffect(() => (code ? showCode(code) : undefined), [code]);
  const subscribe = useCallback(
    (listener: () => void) => (code ? subscribeQuote(code, listener) : () => {}),
    [code],
  );
  const read = () => (code ? quoteOf(code) : undefined);
  return useSyncExternalStore(subscribe, read, read);
}
