// Trading hours for people: weekly sessions (in the market's own time zone) grouped into lines such as
// "Mon – Fri · 9:30 AM – 4:00 PM", with day and time names from Intl in the interface language.
import type { TradingHours } from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n';
import { dateTimeFormat } from '../../ui/market/format.ts';

type Session = TradingHours['sessions'][number];

export type SessionGroup = {
  /** Opening days, consecutive (0 Sunday … 6 Saturday). */
  firstDay: number;
  lastDay: number;
  open: string;
  close: string;
  /** Days from the opening day to the closing day (FX: Sunday → Friday is 5). */
  spanDays: number;
};

const spanOf = (s: Session) => (s.closeDay - s.openDay + 7) % 7;

/** Groups sessions that share their times and run on consecutive opening days. */
export function groupSessions(sessions: readonly Session[]): SessionGroup[] {
  const groups: SessionGroup[] = [];
  const sorted = [...sessions].sort((a, b) => a.open.localeCompare(b.open) || a.openDay - b.openDay);
  for (const s of sorted) {
    const spanDays = spanOf(s);
    const last = groups.at(-1);
    if (
      last &&
      last.open === s.open &&
      last.close === s.close &&
      last.spanDays === spanDays &&
      last.lastDay + 1 === s.openDay &&
      spanDays <= 1
    ) {
      last.lastDay = s.openDay;
      continue;
    }
    groups.push({ firstDay: s.openDay, lastDay: s.openDay, open: s.open, close: s.close, spanDays });
  }
  return groups.sort((a, b) => a.firstDay - b.firstDay || a.open.localeCompare(b.open));
}

// 2023-01-01 was a Sunday: day d of the week is January 1 + d.
const weekdayMs = (day: number) => Date.UTC(2023, 0, 1 + day, 12);

export function weekdayName(day: number, locale: Locale): string {
  return dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(weekdayMs(day));
}

/** "09:30" → "09:30 AM" (en), "09:30" (de). */
export function clockTime(hhmm: string, locale: Locale): string {
  const [h = 0, m = 0] = hhmm.split(':').map((part) => Number.parseInt(part, 10));
  return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2023, 0, 1, h, m),
  );
}

/** One line per group. A session closing on a later day shows both days, or "(+1)" for overnight runs. */
export function sessionLines(sessions: readonly Session[], locale: Locale): string[] {
  return groupSessions(sessions).map((g) => {
    const days =
      g.firstDay === g.lastDay
        ? weekdayName(g.firstDay, locale)
        : `${weekdayName(g.firstDay, locale)} – ${weekdayName(g.lastDay, locale)}`;
    const open = clockTime(g.open, locale);
    const close = clockTime(g.close, locale);
    if (g.spanDays === 0) return `${days} · ${open} – ${close}`;
    if (g.firstDay === g.lastDay && g.spanDays > 1) {
      return `${days} ${open} – ${weekdayName((g.firstDay + g.spanDays) % 7, locale)} ${close}`;
    }
    return `${days} · ${open} – ${close} (+${g.spanDays})`;
  });
}

/** The zone's name in the interface language ("Eastern Time"), or the IANA name if Intl has none. */
export function zoneName(timeZone: string, locale: Locale, atMs: number): string {
  try {
    const parts = dateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(atMs);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
