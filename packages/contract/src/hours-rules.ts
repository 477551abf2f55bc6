// Trading hours as the back office may set them (zod-free, for the server and the admin app alike): a real
// IANA zone, at least one session unless the market is always open, no session empty, no two sessions
// overlapping in the week (a session may run over the week's end). The server adds its own checks of
// holidays (not in the past), which need the clock.

export type SessionDraft = { openDay: number; open: string; closeDay: number; close: string };
export type HoursDraft = { timeZone: string; alwaysOpen: boolean; sessions: readonly SessionDraft[] };

/** What is wrong, by place: `timeZone`, `sessions`, `sessions.<i>`. */
export type HoursProblem = 'timeZone' | 'sessionsRequired' | 'sessionEmpty' | 'sessionsOverlap' | 'time';

const minutesPerDay = 1440;
const minutesPerWeek = 7 * minutesPerDay;
const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether Intl knows `zone` (every runtime of the project ships the full zone database). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function hoursProblems(h: HoursDraft): Record<string, HoursProblem> {
  const out: Record<string, HoursProblem> = {};
  if (!isTimeZone(h.timeZone.trim())) out.timeZone = 'timeZone';
  if (h.alwaysOpen) return out;
  if (h.sessions.length === 0) out.sessions = 'sessionsRequired';
  // [start, end, session] minute-of-week ranges; a session over the week's end is split in two.
  const ranges: Array<[number, number, number]> = [];
  h.sessions.forEach((s, i) => {
    if (!clockPattern.test(s.open) || !clockPattern.test(s.close)) {
      out[`sessions.${i}`] = 'time';
      return;
    }
    const start = s.openDay * minutesPerDay + clockMinutes(s.open);
    let end = s.closeDay * minutesPerDay + clockMinutes(s.close);
    if (end === start) out[`sessions.${i}`] = 'sessionEmpty';
    if (end <= start) end += minutesPerWeek;
    if (end > minutesPerWeek) ranges.push([start, minutesPerWeek, i], [0, end - minutesPerWeek, i]);
    else ranges.push([start, end, i]);
  });
  ranges.sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < ranges.length; k++) {
    const prev = ranges[k - 1];
    const next = ranges[k];
    if (prev && next && next[0] < prev[1] && prev[2] !== next[2] && !out[`sessions.${next[2]}`])
      out[`sessions.${next[2]}`] = 'sessionsOverlap';
  }
  return out;
}
