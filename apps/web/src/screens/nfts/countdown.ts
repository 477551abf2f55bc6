// The arithmetic of an auction's clock, pure so it is tested without a browser: the time left split into
// days and a clock.

export type Remaining = { days: number; hours: number; minutes: number; seconds: number; ended: boolean };

/** Time left until `endMs` at `nowMs`, rounded down to the second; zero and `ended` once it has passed. */
export function remainingUntil(endMs: number, nowMs: number): Remaining {
  const left = Math.max(0, endMs - nowMs);
  const total = Math.floor(left / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    ended: left === 0,
  };
}

/** "05:07:09": hours, minutes and seconds in two-digit groups (the days are worded by the caller). */
export function clockText({ hours, minutes, seconds }: Remaining): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}
