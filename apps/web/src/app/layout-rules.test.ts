import { describe, expect, it } from 'vitest';
import { layoutFor, mobileRootFontPx, rootFontMaxPx } from './device.ts';
import { firstSegment, isBareRoute, safeRedirect, sameOriginPath } from './routeMeta.ts';

describe('layoutFor', () => {
  it.each([
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15',
  ])('gives the mobile layout to %s', (ua) => {
    expect(layoutFor(ua)).toBe('mobile');
  });

  it('gives the desktop layout to other agents', () => {
    expect(layoutFor('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe(
      'desktop',
    );
  });
});

describe('mobileRootFontPx', () => {
  it('is 16 px on a 360 px screen and never above the 100 px cap', () => {
    expect(mobileRootFontPx(360)).toBe(16);
    for (const width of [200, 414, 768, 1024, 5000]) {
      expect(mobileRootFontPx(width)).toBeLessThanOrEqual(rootFontMaxPx);
      expect(mobileRootFontPx(width)).toBeGreaterThanOrEqual(14);
    }
  });
});

describe('route rules', () => {
  it('finds the active tab from the first path segment', () => {
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('/profile/invite')).toBe('profile');
    expect(firstSegment('/nfts/mine')).toBe('nfts');
  });

  it('hides the bars on the auth routes, the onboarding and the Google return page', () => {
    expect(isBareRoute('/pass/login')).toBe(true);
    expect(isBareRoute('/pass/register')).toBe(true);
    expect(isBareRoute('/introduction')).toBe(true);
    expect(isBareRoute('/api/loginCallback/google')).toBe(true);
    expect(isBareRoute('/profile')).toBe(false);
  });

  it('follows only same-site paths after login', () => {
    expect(safeRedirect('/profile/balance')).toBe('/profile/balance');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/pass/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/cruuency?code=ETHUSDT')).toBe('/cruuency?code=ETHUSDT');
  });

  it.each([
    '//evil.com',
    '///evil.com',
    'https://evil.com',
    'http:/evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'evil.com',
    '',
  ])('refuses %j as a redirect target', (target) => {
    expect(safeRedirect(target)).toBe('/');
    expect(sameOriginPath(target)).toBeNull();
  });
});
