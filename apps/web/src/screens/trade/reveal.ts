// After a contract opens, its position card is brought into view and marked for a moment (on desktop the
// positions sit below the trade panel, out of sight): the confirm step names the new contract, and its card
// scrolls itself to the middle of the screen once the refreshed list shows it.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

let pending: string | null = null;
const listeners = new Set<() => void>();
/** How long the new card stays marked. */
const markedMs = 4000;

export function revealPosition(id: string): void {
  pending = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For a position card: a ref to put on it, and whether it is the one just opened (marked for a moment). */
export function useReveal<T extends HTMLElement>(id: string) {
  const ref = useRef<T>(null);
  const wanted = useSyncExternalStore(
    subscribe,
    () => pending === id,
    () => false,
  );
  const [marked, setMarked] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!wanted || !el) return;
    pending = null;
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'center', behavior: calm ? 'auto' : 'smooth' });
    el.focus({ preventScroll: true });
    setMarked(true);
  }, [wanted]);
  useEffect(() => {
    if (!marked) return;
    const timer = setTimeout(() => setMarked(false), markedMs);
    return () => clearTimeout(timer);
  }, [marked]);
  return { ref, marked };
}
