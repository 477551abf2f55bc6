// Editing one instrument's terms: names and logo, category, lots and contract size, the leverage choices
// (chips up to the category's cap; a value above it is refused here and by the server), the fee, the
// contract durations, trading hours, and whether customers see it. Only the fields that changed are sent,
// after a review step that lists them, with the reason for the audit log. Disabling an instrument with
// open contracts asks to confirm they stay open and settle. There is no price here: prices come only
// from the feed.
import { useId, useState, type FormEvent } from 'react';
import {
  instrumentBounds,
  instrumentTypes,
  leverageCaps,
  type AdminInstrument,
  type AdminInstrumentUpdateBody,
  type InstrumentType,
} from '@tradewind/contract';
import { hoursProblems } from '@tradewind/contract/hours-rules';
import { formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { useUpdateInstrument } from '../api/catalogue.ts';
import { intlLocale, useT, type Translator } from '../i18n/i18n.ts';
import { ErrorNote, Modal, Notice } from '../ui/kit.tsx';
import {
  explainedByFields,
  Field,
  ReasonField,
  ReviewChanges,
  serverField,
  TextField,
  type ChangeLine,
} from './catalogue-parts.tsx';
import { HoursEditor, type HoursDraft } from './HoursEditor.tsx';

const typeList = Object.values(instrumentTypes) as InstrumentType[];
/** The usual ladder of leverage choices; only those up to the category's cap are offered as chips. */
const ladder = [1, 2, 3, 5, 10, 15, 20, 25, 30];
const units = { second: 1, minute: 60, hour: 3600, day: 86_400 } as const;
type Unit = keyof typeof units;
const lotScale = 2;

export const typeName = (tr: Translator, type: number) => tr.t(`instruments.types.${type as InstrumentType}`);

/** "0.10" (%) from basis points, exactly. */
export const bpsToPercent = (bps: number) => formatMinor(BigInt(bps), 2);

/** A duration in its largest whole unit, in the interface language ("5 min", "1 day"). */
export function formatDuration(seconds: number, locale: Translator['locale']): string {
  const unit: Unit =
    seconds % 86_400 === 0 ? 'day' : seconds % 3600 === 0 ? 'hour' : seconds % 60 === 0 ? 'minute' : 'second';
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, unitDisplay: 'short' }).format(
    seconds / units[unit],
  );
}

type Draft = {
  appName: string;
  name: string;
  /** A new image as a data URL, null to go back to the generated logo, undefined to keep. */
  logo: string | null | undefined;
  type: InstrumentType;
  etf: boolean;
  lotSize: string;
  minLots: string;
  maxLots: string;
  contractSize: string;
  leverages: number[];
  feePercent: string;
  termSeconds: number[];
  hours: HoursDraft;
  enabled: boolean;
};

function draftOf(i: AdminInstrument): Draft {
  return {
    appName: i.appName,
    name: i.name,
    logo: undefined,
    type: i.type as InstrumentType,
    etf: i.etf,
    lotSize: i.lotSize,
    minLots: i.minLots,
    maxLots: i.maxLots,
    contractSize: i.contractSize,
    leverages: [...i.leverages],
    feePercent: bpsToPercent(i.feeBps),
    termSeconds: i.terms.map((x) => x.seconds),
    hours: {
      timeZone: i.tradingHours.timeZone,
      alwaysOpen: i.tradingHours.alwaysOpen,
      sessions: i.tradingHours.sessions.map((s) => ({ ...s })),
      holidays: [...(i.tradingHours.holidays ?? [])],
    },
    enabled: i.enabled,
  };
}

const lots = (text: string) => tryParseDecimal(text.trim(), lotScale);
const feeBpsOf = (percent: string) => {
  const bps = /^\d{1,3}(\.\d{1,2})?$/.test(percent.trim()) ? tryParseDecimal(percent.trim(), 2) : undefined;
  return bps === undefined ? undefined : Number(bps);
};

/** What the form refuses before sending (message keys under `instruments.problems`). */
function problemsOf(d: Draft): Record<string, string> {
  const out: Record<string, string> = {};
  if (!d.appName.trim()) out.appName = 'required';
  if (!d.name.trim()) out.name = 'required';
  const cap = leverageCaps[d.type];
  if (d.leverages.length === 0) out.leverages = 'noLeverage';
  else if (d.leverages.some((l) => l > cap)) out.leverages = 'aboveCap';
  const [step, min, max] = [lots(d.lotSize), lots(d.minLots), lots(d.maxLots)];
  if (step === undefined || step <= 0n) out.lotSize = 'lots';
  else if (min === undefined || min < step || min % step !== 0n) out.minLots = 'lots';
  else if (max === undefined || max < min || max % step !== 0n) out.maxLots = 'lots';
  if (!/^[1-9]\d{0,9}$/.test(d.contractSize.trim())) out.contractSize = 'wholeNumber';
  const fee = feeBpsOf(d.feePercent);
  if (fee === undefined || fee > instrumentBounds.feeBpsMax) out.fee = 'fee';
  if (d.termSeconds.length === 0) out.terms = 'noTerms';
  if (d.etf && d.type !== instrumentTypes.stocks) out.etf = 'etf';
  for (const key of Object.keys(hoursProblems(d.hours))) out[`hours.${key}`] = 'hours';
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The body of the save: the fields that changed, and the reason. */
function changesOf(
  i: AdminInstrument,
  d: Draft,
  reason: string,
  confirm: boolean,
): AdminInstrumentUpdateBody {
  const before = draftOf(i);
  const body: AdminInstrumentUpdateBody = { reason: reason.trim() };
  if (d.appName.trim() !== before.appName) body.appName = d.appName.trim();
  if (d.name.trim() !== before.name) body.name = d.name.trim();
  if (d.logo !== undefined) body.logo = d.logo;
  if (d.type !== before.type) body.type = d.type;
  if (d.etf !== before.etf) body.etf = d.etf;
  if (lots(d.lotSize) !== lots(before.lotSize)) body.lotSize = d.lotSize.trim();
  if (lots(d.minLots) !== lots(before.minLots)) body.minLots = d.minLots.trim();
  if (lots(d.maxLots) !== lots(before.maxLots)) body.maxLots = d.maxLots.trim();
  if (d.contractSize.trim() !== before.contractSize) body.contractSize = d.contractSize.trim();
  const leverages = [...d.leverages].sort((a, b) => a - b);
  if (!same(leverages, before.leverages)) body.leverages = leverages;
  const fee = feeBpsOf(d.feePercent);
  if (fee !== undefined && fee !== i.feeBps) body.feeBps = fee;
  const terms = [...d.termSeconds].sort((a, b) => a - b);
  if (!same(terms, before.termSeconds)) body.termSeconds = terms;
  const hours = {
    ...d.hours,
    timeZone: d.hours.timeZone.trim(),
    sessions: d.hours.alwaysOpen ? [] : d.hours.sessions,
  };
  if (!same(hours, { ...before.hours, sessions: before.hours.alwaysOpen ? [] : before.hours.sessions }))
    body.tradingHours = hours;
  if (d.enabled !== before.enabled) body.enabled = d.enabled;
  if (confirm && d.enabled === false && before.enabled) body.confirmOpenPositions = true;
  return body;
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read'));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

/** Each change for the review step, in words. */
function linesOf(tr: Translator, i: AdminInstrument, body: AdminInstrumentUpdateBody): ChangeLine[] {
  const { t, locale } = tr;
  const leverageText = (l: readonly number[]) =>
    l.map((x) => t('positions.leverageValue', { value: x })).join(', ');
  const durations = (s: readonly number[]) => s.map((x) => formatDuration(x, locale)).join(', ');
  const hoursText = (h: HoursDraft) =>
    h.alwaysOpen
      ? `${h.timeZone} · ${t('instruments.alwaysOpen')}`
      : `${h.timeZone} · ${t('instruments.sessionCount', { count: h.sessions.length })}` +
        (h.holidays.length ? ` · ${t('instruments.holidayCount', { count: h.holidays.length })}` : '');
  const listed = (on: boolean) => (on ? t('instruments.listed') : t('instruments.notListed'));
  const lines: ChangeLine[] = [];
  const add = (label: string, before: string, after: string) => lines.push({ label, before, after });
  if (body.appName !== undefined) add(t('instruments.appName'), i.appName, body.appName);
  if (body.name !== undefined) add(t('instruments.name'), i.name, body.name);
  if (body.logo !== undefined)
    add(
      t('instruments.logo'),
      '',
      body.logo === null ? t('instruments.logoGenerated') : t('instruments.logoNew'),
    );
  if (body.type !== undefined) add(t('instruments.category'), typeName(tr, i.type), typeName(tr, body.type));
  if (body.etf !== undefined) add(t('instruments.etf'), String(i.etf), String(body.etf));
  if (body.lotSize !== undefined) add(t('instruments.lotSize'), i.lotSize, body.lotSize);
  if (body.minLots !== undefined) add(t('instruments.minLots'), i.minLots, body.minLots);
  if (body.maxLots !== undefined) add(t('instruments.maxLots'), i.maxLots, body.maxLots);
  if (body.contractSize !== undefined) add(t('instruments.contractSize'), i.contractSize, body.contractSize);
  if (body.leverages !== undefined)
    add(t('instruments.leverage'), leverageText(i.leverages), leverageText(body.leverages));
  if (body.feeBps !== undefined)
    add(t('instruments.fee'), `${bpsToPercent(i.feeBps)} %`, `${bpsToPercent(body.feeBps)} %`);
  if (body.termSeconds !== undefined)
    add(t('instruments.terms'), durations(i.terms.map((x) => x.seconds)), durations(body.termSeconds));
  if (body.tradingHours !== undefined)
    add(t('instruments.hours'), hoursText(draftOf(i).hours), hoursText(body.tradingHours));
  if (body.enabled !== undefined) add(t('instruments.status'), listed(i.enabled), listed(body.enabled));
  return lines;
}

export function InstrumentForm({
  instrument,
  onClose,
  onSaved,
}: {
  instrument: AdminInstrument;
  onClose: () => void;
  onSaved: (saved: AdminInstrument, message: string) => void;
}) {
  const tr = useT();
  const { t, locale } = tr;
  const update = useUpdateInstrument();
  const [draft, setDraft] = useState<Draft>(() => draftOf(instrument));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [unchanged, setUnchanged] = useState(false);
  const [keepOpen, setKeepOpen] = useState(false);
  const [otherLeverage, setOtherLeverage] = useState('');
  const [termAmount, setTermAmount] = useState('');
  const [termUnit, setTermUnit] = useState<Unit>('minute');
  const [logoError, setLogoError] = useState<string | null>(null);
  const set = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  const problems = problemsOf(draft);
  const cap = leverageCaps[draft.type];
  const disabling = instrument.enabled && !draft.enabled;
  const mustConfirm = disabling && instrument.openPositions > 0;
  const error = update.error;
  const server = (field: string) => serverField(error, field);
  const shown = (key: string, field = key) => {
    const p = touched ? problems[key] : undefined;
    return p ? (tr.tMaybe(`instruments.problems.${p}`, { max: cap }) ?? p) : server(field);
  };
  const ids = { leverageHint: useId(), otherLeverage: useId(), termAmount: useId(), termUnit: useId() };
  const logoSrc =
    draft.logo === undefined
      ? instrument.logo
      : draft.logo === null
        ? `/api/swx/customer/index/logo/${instrument.code}.svg`
        : draft.logo;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setUnchanged(false);
    if (Object.keys(problems).length > 0 || reason.trim() === '' || (mustConfirm && !keepOpen)) return;
    if (Object.keys(changesOf(instrument, draft, reason, false)).length === 1) {
      setUnchanged(true);
      return;
    }
    update.reset();
    setStep('review');
  };

  const confirm = () =>
    update.mutate(
      { id: instrument.id, changes: changesOf(instrument, draft, reason, keepOpen) },
      {
        onSuccess: (answer) => onSaved(answer.result, answer.message),
        onError: (e) => {
          if (explainedByFields(e)) setStep('form');
        },
      },
    );

  const toggleLeverage = (l: number) =>
    set({
      leverages: draft.leverages.includes(l)
        ? draft.leverages.filter((x) => x !== l)
        : [...draft.leverages, l],
    });
  const addLeverage = () => {
    const n = Number(otherLeverage);
    if (!Number.isInteger(n) || n < 1 || n > 1000) return;
    if (!draft.leverages.includes(n)) set({ leverages: [...draft.leverages, n].sort((a, b) => a - b) });
    setOtherLeverage('');
  };
  const addTerm = () => {
    const n = Number(termAmount);
    const seconds = n * units[termUnit];
    if (
      !Number.isInteger(n) ||
      seconds < instrumentBounds.termSecondsMin ||
      seconds > instrumentBounds.termSecondsMax
    )
      return;
    if (!draft.termSeconds.includes(seconds))
      set({ termSeconds: [...draft.termSeconds, seconds].sort((a, b) => a - b) });
    setTermAmount('');
  };
  const pickLogo = async (file: File | undefined) => {
    setLogoError(null);
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type) || file.size > instrumentBounds.logoBytesMax) {
      setLogoError(t('instruments.logoRule', { kb: instrumentBounds.logoBytesMax / 1024 }));
      return;
    }
    set({ logo: await readDataUrl(file) });
  };

  const chips = [...new Set([...ladder.filter((l) => l <= cap), ...draft.leverages])].sort((a, b) => a - b);
  const title = t('instruments.editTitle', { name: instrument.appName });

  return (
    <Modal title={title} onClose={onClose}>
      {step === 'review' ? (
        <ReviewChanges
          lines={linesOf(tr, instrument, changesOf(instrument, draft, reason, keepOpen))}
          note={t('instruments.newOrdersOnly')}
          pending={update.isPending}
          error={error}
          onBack={() => setStep('form')}
          onConfirm={confirm}
          confirmLabel={t('instruments.confirmSave')}
        />
      ) : (
        <form onSubmit={review} noValidate className="catalogue-form" data-testid="instrument-form">
          <p className="dialog-hint">{t('instruments.formIntro')}</p>
          <div className="form-row">
            <TextField
              label={t('instruments.appName')}
              error={shown('appName')}
              value={draft.appName}
              onChange={(appName) => set({ appName })}
            />
            <TextField
              label={t('instruments.name')}
              error={shown('name')}
              maxLength={120}
              value={draft.name}
              onChange={(name) => set({ name })}
            />
          </div>
          <div className="logo-row">
            <img className="instrument-logo-large" src={logoSrc} alt="" width={48} height={48} />
            <Field
              label={t('instruments.logo')}
              hint={t('instruments.logoRule', { kb: instrumentBounds.logoBytesMax / 1024 })}
              error={logoError ?? server('logo')}
            >
              {({ id, describedBy }) => (
                <input
                  id={id}
                  type="file"
                  accept="image/png,image/jpeg"
                  aria-describedby={describedBy}
                  onChange={(e) => void pickLogo(e.target.files?.[0])}
                />
              )}
            </Field>
            {(instrument.customLogo || draft.logo) && draft.logo !== null && (
              <button
                type="button"
                className="button button-small"
                onClick={() => set({ logo: instrument.customLogo ? null : undefined })}
              >
                {t('instruments.logoReset')}
              </button>
            )}
          </div>
          <div className="form-row">
            <Field
              label={t('instruments.category')}
              hint={t('instruments.capHint', { max: cap })}
              error={shown('type')}
            >
              {({ id, describedBy }) => (
                <select
                  id={id}
                  value={draft.type}
                  aria-describedby={describedBy}
                  onChange={(e) => {
                    const type = Number(e.target.value) as InstrumentType;
                    // Only stocks can be ETFs: moving one out of stocks clears the flag.
                    set({ type, etf: type === instrumentTypes.stocks && draft.etf });
                  }}
                >
                  {typeList.map((type) => (
                    <option key={type} value={type}>
                      {typeName(tr, type)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={draft.etf}
                disabled={draft.type !== instrumentTypes.stocks}
                onChange={(e) => set({ etf: e.target.checked })}
              />
              {t('instruments.etf')}
            </label>
          </div>

          <fieldset className="catalogue-fieldset" aria-describedby={ids.leverageHint}>
            <legend>{t('instruments.leverage')}</legend>
            <p className="field-hint" id={ids.leverageHint}>
              {t('instruments.leverageHint', { max: cap })}
            </p>
            <div className="chip-list">
              {chips.map((l) => (
                <button
                  key={l}
                  type="button"
                  className={`chip chip-toggle${l > cap ? ' chip-bad' : ''}`}
                  aria-pressed={draft.leverages.includes(l)}
                  onClick={() => toggleLeverage(l)}
                >
                  <span dir="ltr">{t('positions.leverageValue', { value: l })}</span>
                </button>
              ))}
            </div>
            <div className="inline-add">
              <label className="visually-hidden" htmlFor={ids.otherLeverage}>
                {t('instruments.otherLeverage')}
              </label>
              <input
                id={ids.otherLeverage}
                inputMode="numeric"
                dir="ltr"
                className="num input-short"
                placeholder={t('instruments.otherLeverage')}
                value={otherLeverage}
                onChange={(e) => setOtherLeverage(e.target.value.replace(/\D/g, ''))}
              />
              <button
                type="button"
                className="button button-small"
                onClick={addLeverage}
                disabled={!otherLeverage}
              >
                {t('instruments.addLeverage')}
              </button>
            </div>
            {shown('leverages') && <p className="field-error">{shown('leverages')}</p>}
          </fieldset>

          <div className="form-row">
            <TextField
              label={t('instruments.fee')}
              hint={t('instruments.feeHint', { max: bpsToPercent(instrumentBounds.feeBpsMax) })}
              error={shown('fee', 'feeBps')}
              kind="decimal"
              value={draft.feePercent}
              onChange={(feePercent) => set({ feePercent })}
            />
            <TextField
              label={t('instruments.contractSize')}
              hint={t('instruments.contractSizeHint', { quote: instrument.quote })}
              error={shown('contractSize')}
              kind="integer"
              maxLength={10}
              value={draft.contractSize}
              onChange={(contractSize) => set({ contractSize })}
            />
          </div>
          <div className="form-row form-row-3">
            {(['lotSize', 'minLots', 'maxLots'] as const).map((key) => (
              <TextField
                key={key}
                label={t(`instruments.${key}`)}
                error={shown(key)}
                kind="decimal"
                value={draft[key]}
                onChange={(text) => setDraft((d) => ({ ...d, [key]: text }))}
              />
            ))}
          </div>

          <fieldset className="catalogue-fieldset">
            <legend>{t('instruments.terms')}</legend>
            <p className="field-hint">{t('instruments.termsHint')}</p>
            <ul className="chip-list" aria-label={t('instruments.terms')}>
              {draft.termSeconds.map((s) => (
                <li key={s} className="chip">
                  <span>{formatDuration(s, locale)}</span>
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={t('instruments.removeTerm', { term: formatDuration(s, locale) })}
                    onClick={() => set({ termSeconds: draft.termSeconds.filter((x) => x !== s) })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
            <div className="inline-add">
              <label className="visually-hidden" htmlFor={ids.termAmount}>
                {t('instruments.termAmount')}
              </label>
              <input
                id={ids.termAmount}
                inputMode="numeric"
                dir="ltr"
                className="num input-short"
                value={termAmount}
                placeholder={t('instruments.termAmount')}
                onChange={(e) => setTermAmount(e.target.value.replace(/\D/g, ''))}
              />
              <label className="visually-hidden" htmlFor={ids.termUnit}>
                {t('instruments.termUnit')}
              </label>
              <select
                id={ids.termUnit}
                value={termUnit}
                onChange={(e) => setTermUnit(e.target.value as Unit)}
              >
                {(Object.keys(units) as Unit[]).map((u) => (
                  <option key={u} value={u}>
                    {t(`instruments.units.${u}`)}
                  </option>
                ))}
              </select>
              <button type="button" className="button button-small" onClick={addTerm} disabled={!termAmount}>
                {t('instruments.addTerm')}
              </button>
            </div>
            {shown('terms', 'termSeconds') && <p className="field-error">{shown('terms', 'termSeconds')}</p>}
          </fieldset>

          <HoursEditor
            value={draft.hours}
            onChange={(hours) => set({ hours })}
            showProblems={touched}
            serverErrors={server}
          />

          <fieldset className="catalogue-fieldset">
            <legend>{t('instruments.status')}</legend>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={draft.enabled}
                onChange={(e) => set({ enabled: e.target.checked })}
              />
              {t('instruments.listedLabel')}
            </label>
            {disabling && instrument.openPositions === 0 && (
              <p className="field-hint">{t('instruments.disableHint')}</p>
            )}
            {mustConfirm && (
              <div className="note note-warn" role="group" aria-label={t('instruments.openPositionsTitle')}>
                <p>{t('instruments.openPositionsNote', { count: instrument.openPositions })}</p>
                <label className="checkbox">
                  <input type="checkbox" checked={keepOpen} onChange={(e) => setKeepOpen(e.target.checked)} />
                  {t('instruments.confirmOpenPositions', { count: instrument.openPositions })}
                </label>
                {touched && !keepOpen && <p className="field-error">{t('common.required')}</p>}
              </div>
            )}
          </fieldset>

          <ReasonField value={reason} onChange={setReason} missing={touched && reason.trim() === ''} />
          <Notice>{t('instruments.newOrdersOnly')}</Notice>
          {unchanged && <Notice tone="warn">{t('catalogue.noChanges')}</Notice>}
          {error && !explainedByFields(error) ? <ErrorNote error={error} /> : null}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary">
              {t('catalogue.review')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
