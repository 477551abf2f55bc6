// Whether an element is on screen or close to it, from one IntersectionObserver shared by every caller. A long
// list uses it to take live prices only for the rows one can see: each price message re-renders every
// subscribed row (sparkline and flash included), and on a phone 50 rows a message kept the main thread busy
// (Lighthouse: 2–4 s of blocking time on /market) while a dozen are on screen.
import { useCallback, useRef, useState } from 'react';

/** Rows this far below or above the viewport count as shown, so a scroll meets them already live. */
const margin = '200px 0px';

const listeners = new WeakMap<Element, (onScreen: boolean) => void>();
let observer: IntersectionObserver | undefined;

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: margin },
  );
  return observer;
}

/**
 * A ref for the element and whether it is on screen. False until the observer's first answer (the next
 * frame), and always true where IntersectionObserver does not exist.
 */
export function useOnScreen<T extends Element>(): [(element: T | null) => void, boolean] {
  const supported = typeof IntersectionObserver === 'function';
  const [onScreen, setOnScreen] = useState(!supported);
  const current = useRef<T | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      if (!supported) return;
      if (current.current) {
        shared().unobserve(current.current);
        listeners.delete(current.current);
      }
      current.current = element;
      if (!element) return;
      listeners.set(element, setOnScreen);
      shared().observe(element);
    },
    [supported],
  );
  // React calls the ref with null when the element goes, which stops the observation.
  return [ref, onScreen];
}
