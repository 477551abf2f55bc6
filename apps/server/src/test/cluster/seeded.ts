// Seeded choices for the cluster suites: the same seed gives the same choices (mulberry32), so a failing
// run is replayed by its seed.

/** mulberry32: uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `xs`, by `random`. */
export const pickWith = <T>(random: () => number, xs: readonly T[]): T =>
  xs[Math.floor(random() * xs.length)] as T;
