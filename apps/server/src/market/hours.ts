// Trading hours: weekly sessions in the market's own time zone, answered per minute (sessions open and
// close on whole minutes), and holidays: dates in that zone the market stays closed all day. Time zones go
// through Intl; the wall clock is looked up once per UTC hour and cached, so asking about every minute of a
// year of history stays cheap. Hours edited in the back office keep the earlier ones for the minutes before
// the edit, so the past is always judged by the hours then in force.
import type { TradingHours } from '@tradewind/contract';

export const minuteMs = 60_000;
const minutesPerDay = 1440;
const minutesPerWeek = 7 * minutesPerDay;
/** 1970-01-01 was a Thursday: day 4 when Sunday is 0. */
const epochWeekdayOffsetMinutes = 4 * minutesPerDay;

export type Schedule = {
  readonly hours: TradingHours;
  /** [start, end) minute-of-week ranges in the zone's wall time, end may exceed a week (wraps). */
  readonly ranges: ReadonlyArray<readonly [number, number]>;
  /** Holidays as day numbers since 1970-01-01 (of the zone's calendar). */
  readonly holidays: ReadonlySet<number>;
  /** The hours in force before an edit: they answer every minute before `untilMinute`. */
  readonly before?: { readonly untilMinute: number; readonly schedule: Schedule };
};

/** Hours replaced by an edit at `untilMs` (the row's `hours_history`, oldest first). */
export type EarlierHours = { readonly untilMs: number; readonly hours: TradingHours };

function hhmm(text: string): number {
  const [h = '0', m = '0'] = text.split(':');
  return Number(h) * 60 + Number(m);
}

/** "2026-12-25" → days since 1970-01-01. */
export function dayNumber(date: string): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

function compileOne(hours: TradingHours, before: Schedule['before']): Schedule {
  const ranges = hours.sessions.map((s) => {
    const start = s.openDay * minutesPerDay + hhmm(s.open);
    let end = s.closeDay * minutesPerDay + hhmm(s.close);
    if (end <= start) end += minutesPerWeek;
    return [start, end] as const;
  });
  const holidays = new Set((hours.holidays ?? []).map(dayNumber));
  return before ? { hours, ranges, holidays, before } : { hours, ranges, holidays };
}

/** The schedule of `hours`, with the `earlier` hours answering the minutes before each edit. */
export function compileSchedule(hours: TradingHours, earlier: readonly EarlierHours[] = []): Schedule {
  let before: Schedule['before'];
  for (const e of earlier) {
    // The minute of the edit still belongs to the old hours: a minute is judged by one set of hours.
    before = { untilMinute: Math.ceil(e.untilMs / minuteMs), schedule: compileOne(e.hours, before) };
  }
  return compileOne(hours, before);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const weekdays: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
/** Per zone: UTC hour index → the wall clock at its start. */
const wallCaches = new Map<string, Map<number, Wall>>();
const wallCacheMax = 100_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock at the start of a UTC hour: minute of the week, calendar day and minute of it. */
type Wall = { minuteOfWeek: number; day: number; minuteOfDay: number };

function wallAtHour(timeZone: string, hourIndex: number): Wall {
  let cache = wallCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    wallCaches.set(timeZone, cache);
  }
  const cached = cache.get(hourIndex);
  if (cached !== undefined) return cached;
  let weekday = 0;
  let hour = 0;
  let minute = 0;
  const date = { year: 1970, month: 1, day: 1 };
  for (const part of formatterFor(timeZone).formatToParts(new Date(hourIndex * 3_600_000))) {
    if (part.type === 'weekday') weekday = weekdays[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'year' || part.type === 'month' || part.type === 'day')
      date[part.type] = Number(part.value);
  }
  const wall = {
    minuteOfWeek: weekday * minutesPerDay + hour * 60 + minute,
    day: Date.UTC(date.year, date.month - 1, date.day) / 86_400_000,
    minuteOfDay: hour * 60 + minute,
  };
  if (cache.size >= wallCacheMax) cache.clear();
  cache.set(hourIndex, wall);
  return wall;
}

/** Minute of the week in the zone's wall time for the epoch minute `minute`. */
export function wallMinuteOfWeek(timeZone: string, minute: number): number {
  if (timeZone === 'UTC')
    return (((minute + epochWeekdayOffsetMinutes) % minutesPerWeek) + minutesPerWeek) % minutesPerWeek;
  // Offsets change on whole UTC hours, so the wall time inside an hour follows from its start.
  const hourIndex = Math.floor(minute / 60);
  return (wallAtHour(timeZone, hourIndex).minuteOfWeek + (minute - hourIndex * 60)) % minutesPerWeek;
}

/** The zone's calendar day (days since 1970-01-01) of the epoch minute `minute`. */
export function wallDay(timeZone: string, minute: number): number {
  if (timeZone === 'UTC') return Math.floor(minute / minutesPerDay);
  const hourIndex = Math.floor(minute / 60);
  const wall = wallAtHour(timeZone, hourIndex);
  // Zones a half or quarter hour off UTC reach midnight inside a UTC hour.
  return wall.minuteOfDay + (minute - hourIndex * 60) >= minutesPerDay ? wall.day + 1 : wall.day;
}

/** Is the market open during epoch minute `minute` (i.e. at any instant inside it)? */
export function isOpenMinute(schedule: Schedule, minute: number): boolean {
  if (schedule.before && minute < schedule.before.untilMinute)
    return isOpenMinute(schedule.before.schedule, minute);
  if (schedule.holidays.size > 0 && schedule.holidays.has(wallDay(schedule.hours.timeZone, minute)))
    return false;
  if (schedule.hours.alwaysOpen) return true;
  const w = wallMinuteOfWeek(schedule.hours.timeZone, minute);
  for (const [start, end] of schedule.ranges) {
    if ((w >= start && w < end) || (w + minutesPerWeek >= start && w + minutesPerWeek < end)) return true;
  }
  return false;
}

export function isOpenAt(schedule: Schedule, atMs: number): boolean {
  return isOpenMinute(schedule, Math.floor(atMs / minuteMs));
}

/** Longest closed stretch we look across (a long weekend plus a margin). */
const searchMinutesMax = 10 * minutesPerDay;

/** The start of the next open minute after `atMs`, or undefined when open now (or never within 10 days). */
export function nextOpenAt(schedule: Schedule, atMs: number): number | undefined {
  const minute = Math.floor(atMs / minuteMs);
  if (isOpenMinute(schedule, minute)) return undefined;
  for (let m = minute + 1; m <= minute + searchMinutesMax; m++) {
    if (isOpenMinute(schedule, m)) return m * minuteMs;
  }
  return undefined;
}

/** The last open minute at or before `minute`, looking back at most `lookbackMinutes`. */
export function lastOpenMinute(
  schedule: Schedule,
  minute: number,
  lookbackMinutes: number,
): number | undefined {
  for (let m = minute; m > minute - lookbackMinutes; m--) if (isOpenMinute(schedule, m)) return m;
  return undefined;
}

// Schedules of the catalogue, written in each venue's own zone.
const weekdaysMonFri = [1, 2, 3, 4, 5];
const session = (openDay: number, open: string, closeDay: number, close: string) => ({
  openDay,
  open,
  closeDay,
  close,
});
const daily = (open: string, close: string) => weekdaysMonFri.map((d) => session(d, open, d, close));

export const schedules = {
  crypto: { timeZone: 'UTC', alwaysOpen: true, sessions: [] },
  /** FX: Sunday 22:00 to Friday 22:00 UTC, continuous. */
  forex: { timeZone: 'UTC', alwaysOpen: false, sessions: [session(0, '22:00', 5, '22:00')] },
  NYSE: { timeZone: 'America/New_York', alwaysOpen: false, sessions: daily('09:30', '16:00') },
  LSE: { timeZone: 'Europe/London', alwaysOpen: false, sessions: daily('08:00', '16:30') },
  XETRA: { timeZone: 'Europe/Berlin', alwaysOpen: false, sessions: daily('09:00', '17:30') },
  TSE: {
    timeZone: 'Asia/Tokyo',
    alwaysOpen: false,
    sessions: [...daily('09:00', '11:30'), ...daily('12:30', '15:30')],
  },
  HKEX: {
    timeZone: 'Asia/Hong_Kong',
    alwaysOpen: false,
    sessions: [...daily('09:30', '12:00'), ...daily('13:00', '16:00')],
  },
  /** CME Globex (energy, indices, rates, metals): Sunday–Friday 17:00 to 16:00 the next day, Chicago time. */
  CME: {
    timeZone: 'America/Chicago',
    alwaysOpen: false,
    sessions: [0, 1, 2, 3, 4].map((d) => session(d, '17:00', d + 1, '16:00')),
  },
  /** CBOT grains: an evening and a day session. */
  CBOT_GRAINS: {
    timeZone: 'America/Chicago',
    alwaysOpen: false,
    sessions: [
      ...[0, 1, 2, 3, 4].map((d) => session(d, '19:00', d + 1, '07:45')),
      ...daily('08:30', '13:20'),
    ],
  },
  /** Eurex index futures: 01:10 to 22:00 Frankfurt time on weekdays. */
  EUREX: { timeZone: 'Europe/Berlin', alwaysOpen: false, sessions: daily('01:10', '22:00') },
} satisfies Record<string, TradingHours>;
export type ScheduleName = keyof typeof schedules;
