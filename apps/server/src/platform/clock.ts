// Time comes from one place so tests can move it (code expiry, session idle, resend windows).
export type Clock = { now: () => number };

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can advance by hand. */
export function manualClock(start = Date.UTC(2026, 0, 5, 12)): Clock & { advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}
