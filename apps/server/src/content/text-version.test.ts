// Seeded-text versions compare as numbers part by part, so 1.10 follows 1.9 and a stored '0' is older than 1.0.
import { describe, expect, it } from 'vitest';
import { compareTextVersions, isTextVersion } from './text-version.ts';

describe('comparing text versions', () => {
  it('reads each part as a number: 1.10 is newer than 1.9, 2 newer than 1.99', () => {
    expect(compareTextVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareTextVersions('1.9', '1.10')).toBeLessThan(0);
    expect(compareTextVersions('2', '1.99')).toBeGreaterThan(0);
  });

  it("treats missing parts as 0: '1' and '1.0' are one version, '0' is older than '0.9' and '1.0'", () => {
    expect(compareTextVersions('1', '1.0')).toBe(0);
    expect(compareTextVersions('1.0', '1.0.0')).toBe(0);
    expect(compareTextVersions('0', '0.9')).toBeLessThan(0);
    expect(compareTextVersions('0.9', '1.0')).toBeLessThan(0);
  });

  it('refuses what is not dot-separated whole numbers (a programmer error)', () => {
    for (const bad of ['', 'v1.0', '1.', '.1', '1..0', '1.0-rc', ' 1.0']) {
      expect(isTextVersion(bad)).toBe(false);
      expect(() => compareTextVersions(bad, '1.0')).toThrow();
    }
  });
});
