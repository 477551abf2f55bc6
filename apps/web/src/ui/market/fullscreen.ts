// Fullscreen for the chart card: the Fullscreen API where the browser has it (desktop, Android), else a
// fixed layer over the page (iPhone Safari has no element fullscreen), closed with Escape either way.
import { useCallback, useEffect, useState, type RefObject } from 'react';

export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [fallback, setFallback] = useState(false);

  useEffect(() => {
    const onChange = () =>
      setNative(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);

  useEffect(() => {
    if (!fallback) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFallback(false);
    };
    document.addEventListener('keydown', onKey);
    document.documentElement.classList.add('chart-fullscreen-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('chart-fullscreen-open');
    };
  }, [fallback]);

  const toggle = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (native) {
      void document.exitFullscreen();
      return;
    }
    if (fallback) {
      setFallback(false);
      return;
    }
    if (document.fullscreenEnabled && typeof el.requestFullscreen === 'function') {
      // Refused (an iframe without permission, a browser policy): the fixed layer instead.
      el.requestFullscreen().catch(() => setFallback(true));
    } else {
      setFallback(true);
    }
  }, [ref, native, fallback]);

  return { full: native || fallback, fallback, toggle };
}
