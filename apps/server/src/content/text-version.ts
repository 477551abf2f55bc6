// Versions of seeded texts ('1.0', '1.10'): dot-separated whole numbers compared part by part as numbers, so
// '1.10' is newer than '1.9' and '1' is the same as '1.0'. The seed decides with this whether a stored text is
// older than its module's.

const versionPattern = /^[0-9]+(\.[0-9]+)*$/;

export const isTextVersion = (version: string): boolean => versionPattern.test(version);

function partsOf(version: string): number[] {
  // Only the seed writes versions (and the database refuses others), so a bad one is a programmer error.
  if (!isTextVersion(version)) throw new Error(`not a text version: ${JSON.stringify(version)}`);
  return version.split('.').map(Number);
}

/** Negative when `a` is older than `b`, 0 when they are the same version, positive when `a` is newer. */
export function compareTextVersions(a: string, b: string): number {
  const pa = partsOf(a);
  const pb = partsOf(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
