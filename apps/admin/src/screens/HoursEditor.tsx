// Trading hours as an exchange publishes them: its IANA time zone, weekly sessions in that zone's wall time
// (a session may close on a later day: FX runs Sunday 22:00 → Friday 22:00), or always open; and holidays,
// dates in that zone the market stays closed all day. Checked here as the server checks them; the server's
// messages land under the same rows.
import type { AdminTradingHoursBody } from '@tradewind/contract';
import { hoursProblems, type HoursProblem } from '@tradewind/contract/hours-rules';
import { useId, useMemo, useState } from 'react';
import { intlLocale, useT } from '../i18n/i18n.ts';
import { Field } from './catalogue-parts.tsx';

export type HoursDraft = AdminTradingHoursBody;
type Session = HoursDraft['sessions'][number];

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Every zone this browser knows (Intl), for the zone field's suggestions. */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}

/** The form's words for the shared rules' problems (`instruments.problems.*`). */
const problemKeys = {
  timeZone: 'zone',
  sessionsRequired: 'noSessions',
  sessionEmpty: 'emptySession',
  sessionsOverlap: 'overlap',
  time: 'time',
} as const satisfies Record<HoursProblem, string>;

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
    return p ? t(`instruments.problems.${problemKeys[p]}`) : serverErrors(`tradingHours.${key}`);
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
