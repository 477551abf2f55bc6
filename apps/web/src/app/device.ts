// Layout choice (spec.md §2 "Layout"): Android, iPhone, iPad and iPod user agents get the mobile layout.

const mobileAgents = /Android|iPhone|iPad|iPod/i;

export type LayoutKind = 'mobile' | 'desktop';

export function layoutFor(userAgent: string): LayoutKind {
  return mobileAgents.test(userAgent) ? 'mobile' : 'desktop';
}

/** Fixed for the page's life: the user agent does not change while it runs. */
export const layout: LayoutKind = layoutFor(typeof navigator === 'undefined' ? '' : navigator.userAgent);

/** spec.md §2: the root font size is capped at 100 px. */
export const rootFontMaxPx = 100;

/**
 * Root font size of the mobile layout: 16 px on a 360 px screen, growing with the screen up to 20 px
 * (tablets in the mobile layout), never above the 100 px cap. Desktop keeps the browser's own base size.
 */
export function mobileRootFontPx(viewportWidthPx: number): number {
  const scaled = (16 * Math.max(viewportWidthPx, 320)) / 360;
  return Math.min(Math.max(scaled, 14), 20, rootFontMaxPx);
}

export function applyLayoutToDocument(): void {
  const root = document.documentElement;
  root.dataset.layout = layout;
  if (layout !== 'mobile') return;
  const apply = () => {
    root.style.fontSize = `${mobileRootFontPx(root.clientWidth)}px`;
  };
  apply();
  window.addEventListener('resize', apply, { passive: true });
}
