// The browser tab names the screen ("Markets · Tradewind", "BTC/USDT 67,012.5 · Tradewind"): tabs, history
// and bookmarks tell pages apart, and a screen reader announces where a navigation landed.
import { useEffect, useRef, useState } from 'react';

export const brand = 'Tradewind';

export function documentTitle(title: string | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${brand}` : brand;
}

/** Sets `document.title` while the screen shows `title` (the brand alone for none). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * `value`, changing at most once per `intervalMs`: a live price moves several times a second, a tab title
 * that flickers as fast is noise (and each change is announced by some screen readers).
 */
export function useThrottled<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const lastMs = useRef(0);
  useEffect(() => {
    const waitMs = lastMs.current + intervalMs - Date.now();
    const timer = setTimeout(
      () => {
        lastMs.current = Date.now();
        setShown(value);
      },
      Math.max(0, waitMs),
    );
    return () => clearTimeout(timer);
  }, [value, intervalMs]);
  return shown;
}
