// The browser's offer to install the app as a PWA (`beforeinstallprompt`, Chromium browsers). It can fire
// before the screen that shows an Install button is loaded, so it is caught from the start and kept here.

/** Not in the DOM typings: Chromium's install prompt event. */
type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type InstallState = { offered: InstallPromptEvent | null; installed: boolean };

let state: InstallState = { offered: null, installed: false };
const listeners = new Set<() => void>();
const set = (next: InstallState) => {
  state = next;
  for (const listener of listeners) listener();
};

export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the Install button instead of the browser's own mini-infobar.
    event.preventDefault();
    set({ ...state, offered: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ offered: null, installed: true }));
}

export const installState = (): InstallState => state;

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer is single use, so it is dropped whatever the answer. */
export async function promptInstall(): Promise<void> {
  const offered = state.offered;
  if (!offered) return;
  set({ ...state, offered: null });
  await offered.prompt();
  const { outcome } = await offered.userChoice;
  if (outcome === 'accepted') set({ offered: null, installed: true });
}

/** Running as the installed app (standalone window, or Safari's home-screen app). */
export function runningInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone and iPad (which presents itself as a Mac with touch): installed only through Share → Add to Home Screen. */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}
