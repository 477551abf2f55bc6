// A session's device and browser as a person reads them ("iPhone · iOS 17.1", "Chrome 131"), from its
// User-Agent header through bowser's maintained rules. Names only: nothing here decides access.
import Bowser from 'bowser';

export type DeviceLabel = { device: string | null; browser: string | null };

const majorMinor = (version: string | undefined) => version?.split('.').slice(0, 2).join('.');

export function describeUserAgent(userAgent: string | null | undefined): DeviceLabel {
  if (!userAgent) return { device: null, browser: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system = os.name ? [os.name, os.versionName ?? majorMinor(os.version)].filter(Boolean).join(' ') : '';
  const device = [platform.model, system].filter(Boolean).join(' · ');
  const browserName = browser.name
    ? [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ')
    : '';
  return { device: device || null, browser: browserName || null };
}
