// Trading hours as an exchange publishes them: its IANA time zone, weekly sessions in that zone's wall time
// (a session may close on a later day: FX runs Sunday 22:00 → Friday 22:00), or always open; and holidays,
// dates in that zone the market stays closed all day. Checked here as the server checks them; the server's
// messages land under the same rows.
import type { AdminTradingHoursBody } from '@tradewind/contract';
import { useId, useMemo, useState } from 'react';
import { intlLocale, useT } from '../i18n/i18n.ts';
import { Field } from './catalogue-parts.tsx';

export type HoursDraft = AdminTradingHoursBody;
type Session = HoursDraft['sessions'][number];

const minutesPerWeek = 7 * 1440;
const clock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Every zone this browser knows (Intl), for the zone field's suggestions. */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** Problems by key: `timeZone`, `sessions`, `sessions.<i>`, `holidays` (message keys of `instruments.*`). */
export function hoursProblems(
  h: HoursDraft,
): Record<string, 'zone' | 'noSessions' | 'emptySession' | 'overlap' | 'time'> {
  const out: Record<string, 'zone' | 'noSessions' | 'emptySession' | 'overlap' | 'time'> = {};
  if (!isTimeZone(h.timeZone)) out.timeZone = 'zone';
  if (h.alwaysOpen) return out;
  if (h.sessions.length === 0) out.sessions = 'noSessions';
  const ranges: Array<[number, number, number]> = [];
  h.sessions.forEach((s, i) => {
    if (!clockPattern.test(s.open) || !clockPattern.test(s.close)) {
      out[`sessions.${i}`] = 'time';
      return;
    }
    const start = s.openDay * 1440 + clock(s.open);
    let end = s.closeDay * 1440 + clock(s.close);
    if (end === start) out[`sessions.${i}`] = 'emptySession';
    if (end <= start) end += minutesPerWeek;
    if (end > minutesPerWeek) ranges.push([start, minutesPerWeek, i], [0, end - minutesPerWeek, i]);
    else ranges.push([start, end, i]);
  });
  ranges.sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < ranges.length; k++) {
    const prev = ranges[k - 1];
    const next = ranges[k];
    if (prev && next && next[0] < prev[1] && prev[2] !== next[2] && !out[`sessions.${next[2]}`])
      out[`sessions.${next[2]}`] = 'overlap';
  }
  return out;
}

/** "Sun" … "Sat" in the interface language (2023-01-01 was a Sunday). */
function useWeekdays(): string[] {
  const { locale } = useT();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' });
    return [0, 1, 2, 3, 4, 5, 6].map((d) => f.format(Date.UTC(2023, 0, 1 + d, 12)));
  }, [locale]);
}

export function HoursEditor({
  value,
  onChange,
  showProblems,
  serverErrors,
}: {
  value: HoursDraft;
  onChange: (next: HoursDraft) => void;
  showProblems: boolean;
  serverErrors: (field: string) => string | undefined;
}) {
  const { t, locale } = useT();
  const weekdays = useWeekdays();
  const zonesId = useId();
  const zones = useMemo(knownZones, []);
  const [holiday, setHoliday] = useState('');
  const problems = hoursProblems(value);
  const shown = (key: string) => {
    const p = showProblems ? problems[key] : undefined;
    return p ? t(`instruments.problems.${p}`) : serverErrors(`tradingHours.${key}`);
  };
  const setSession = (i: number, next: Partial<Session>) =>
    onChange({ ...value, sessions: value.sessions.map((s, k) => (k === i ? { ...s, ...next } : s)) });
  const addSession = () => {
    const last = value.sessions.at(-1);
    const day = last ? (last.openDay % 6) + 1 : 1;
    onChange({
      ...value,
      sessions: [
        ...value.sessions,
        { openDay: day, open: last?.open ?? '09:00', closeDay: day, close: last?.close ?? '17:00' },
      ],
    });
  };
  const addHoliday = () => {
    if (!datePattern.test(holiday) || value.holidays.includes(holiday)) return;
    onChange({ ...value, holidays: [...value.holidays, holiday].sort() });
    setHoliday('');
  };
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });

  const daySelect = (label: string, day: number, onDay: (d: number) => void) => (
    <select aria-label={label} value={day} onChange={(e) => onDay(Number(e.target.value))}>
      {weekdays.map((name, d) => (
        <option key={name} value={d}>
          {name}
        </option>
      ))}
    </select>
  );

  return (
    <fieldset className="catalogue-fieldset" data-testid="hours-editor">
      <legend>{t('instruments.hours')}</legend>
      <Field label={t('instruments.timeZone')} hint={t('instruments.timeZoneHint')} error={shown('timeZone')}>
        {({ id, describedBy, invalid }) => (
          <>
            <input
              id={id}
              dir="ltr"
              list={zonesId}
              value={value.timeZone}
              maxLength={64}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ ...value, timeZone: e.target.value })}
            />
            <datalist id={zonesId}>
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.alwaysOpen}
          onChange={(e) => onChange({ ...value, alwaysOpen: e.target.checked })}
        />
        {t('instruments.alwaysOpen')}
      </label>
      {!value.alwaysOpen && (
        <div className="sessions" role="group" aria-label={t('instruments.sessions')}>
          <p className="field-hint">{t('instruments.sessionsHint')}</p>
          {value.sessions.map((s, i) => {
            const n = i + 1;
            const error = shown(`sessions.${i}`);
            return (
              <div key={i} className="session-row" data-testid="session-row">
                <span className="session-label">{t('instruments.sessionN', { n })}</span>
                {daySelect(t('instruments.openDay', { n }), s.openDay, (d) => setSession(i, { openDay: d }))}
                <input
                  type="time"
                  dir="ltr"
                  aria-label={t('instruments.openTime', { n })}
                  value={s.open}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => setSession(i, { open: e.target.value })}
                />
                <span aria-hidden="true">–</span>
                {daySelect(t('instruments.closeDay', { n }), s.closeDay, (d) =>
                  setSession(i, { closeDay: d }),
                )}
                <input
                  type="time"
                  dir="ltr"
                  aria-label={t('instruments.closeTime', { n })}
                  value={s.close}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => setSession(i, { close: e.target.value })}
                />
                <button
                  type="button"
                  className="button button-small button-ghost"
                  aria-label={t('instruments.removeSession', { n })}
                  onClick={() => onChange({ ...value, sessions: value.sessions.filter((_, k) => k !== i) })}
                >
                  ×
                </button>
                {error && <p className="field-error session-error">{error}</p>}
              </div>
            );
          })}
          {shown('sessions') && <p className="field-error">{shown('sessions')}</p>}
          <button type="button" className="button button-small" onClick={addSession}>
            {t('instruments.addSession')}
          </button>
        </div>
      )}
      <div className="holidays">
        <Field
          label={t('instruments.holidays')}
          hint={t('instruments.holidaysHint')}
          error={shown('holidays')}
        >
          {({ id, describedBy }) => (
            <div className="inline-add">
              <input
                id={id}
                type="date"
                dir="ltr"
                value={holiday}
                aria-describedby={describedBy}
                onChange={(e) => setHoliday(e.target.value)}
              />
              <button type="button" className="button button-small" onClick={addHoliday} disabled={!holiday}>
                {t('instruments.addHoliday')}
              </button>
            </div>
          )}
        </Field>
        {value.holidays.length === 0 ? (
          <p className="muted small">{t('instruments.noHolidays')}</p>
        ) : (
          <ul className="chip-list" aria-label={t('instruments.holidays')}>
            {value.holidays.map((d, i) => (
              <li key={d} className="chip">
                <time dateTime={d}>{dateFormat.format(Date.parse(`${d}T12:00:00Z`))}</time>
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={t('instruments.removeHoliday', { date: d })}
                  onClick={() => onChange({ ...value, holidays: value.holidays.filter((x) => x !== d) })}
                >
                  ×
                </button>
                {serverErrors(`tradingHours.holidays.${i}`) && (
                  <span className="field-error">{serverErrors(`tradingHours.holidays.${i}`)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
