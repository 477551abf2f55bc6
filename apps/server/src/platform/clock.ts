// Time comes from one place so tests can move it (code expiry, session idle, resend windows).
export type Clock = { now: () => number };

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can advance by hand. */
export function manualClock(start = Date.UTC(2026, 0, 5, 12)): Clock & { advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/**
 * The system clock plus an offset that only moves forward: the browser tests' server (TEST_CLOCK=1, refused
 * in production by config.ts testClockRequested) lets a test move it with POST /test/clock, so a contract's
 * term or an auction runs out at once. Ticks, expiries and deadlines all read this one clock.
 */
export function offsetClock(): Clock & { advance: (ms: number) => void; offsetMs: () => number } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('the test clock only moves forward');
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
