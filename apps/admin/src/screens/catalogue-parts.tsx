// Pieces the catalogue editors share (Instruments, Products): a labelled field with its hint and error, texts
// in the 11 languages, the reason kept in the audit log, the review step that lists what a save changes, and
// exact conversions between the wire's fractions and the percentages people type (bigint, no float).
import { useId, type ReactNode } from 'react';
import { formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { locales, nativeNames, type Locale } from '@tradewind/i18n/locales';
import { ApiError } from '../api/client.ts';
import { useLocaleFonts, useT } from '../i18n/i18n.ts';
import { ErrorNote, Notice } from '../ui/kit.tsx';

/**
 * A fraction written at `fractionScale` places as a percentage (×100: the same digits at two places fewer):
 * "0.0002" a day → "0.02". Undefined when the text is no such fraction.
 */
export function fractionToPercent(fraction: string, fractionScale: number): string | undefined {
  const minor = tryParseDecimal(fraction, fractionScale);
  return minor === undefined ? undefined : formatMinor(minor, fractionScale - 2);
}

/** "0.02" % → "0.0002", or undefined with more places than the wire keeps, a sign, or nothing typed. */
export function percentToFraction(percent: string, fractionScale: number): string | undefined {
  const text = percent.trim();
  if (!/^\d{1,6}(\.\d+)?$/.test(text)) return undefined;
  const minor = tryParseDecimal(text, fractionScale - 2);
  return minor === undefined ? undefined : formatMinor(minor, fractionScale);
}

/** The server's message for `field` of a refused save, if it named that field. */
export const serverField = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fields[field] : undefined;

/** Whether the server's refusal is explained under fields (then no general note is shown). */
export const explainedByFields = (error: unknown): boolean =>
  error instanceof ApiError && Object.keys(error.fields).length > 0;

export function Field({
  label,
  hint,
  error,
  children,
  wide,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | false | undefined;
  /** The control, given the id its label points at and the id of its hint. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${wide ? ' field-wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

const inputKinds = {
  text: { dir: 'auto', inputMode: undefined, className: undefined },
  decimal: { dir: 'ltr', inputMode: 'decimal', className: 'num' },
  integer: { dir: 'ltr', inputMode: 'numeric', className: 'num' },
  code: { dir: 'ltr', inputMode: undefined, className: 'mono' },
} as const;

/** One labelled input: words (any direction), a decimal or whole number (left to right), or a code. */
export function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  kind = 'text',
  maxLength = 40,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | false | undefined;
  value: string;
  onChange: (text: string) => void;
  kind?: keyof typeof inputKinds;
  maxLength?: number;
}) {
  const { dir, inputMode, className } = inputKinds[kind];
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          dir={dir}
          inputMode={inputMode}
          className={className}
          maxLength={maxLength}
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A text in every language: English required, the others optional (customers then read the English). */
export function LocalizedInputs({
  legend,
  values,
  onChange,
  multiline,
  errors,
  maxLength,
}: {
  legend: string;
  values: Readonly<Record<string, string>>;
  onChange: (next: Record<string, string>) => void;
  multiline?: boolean;
  errors: Readonly<Record<string, string | undefined>>;
  maxLength: number;
}) {
  const { t } = useT();
  useLocaleFonts(locales);
  const set = (locale: Locale, text: string) => onChange({ ...values, [locale]: text });
  const input = (locale: Locale) => (
    <Field key={locale} label={`${nativeNames[locale]}${locale === 'en' ? ' *' : ''}`} error={errors[locale]}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <textarea
            id={id}
            lang={locale}
            dir="auto"
            rows={2}
            maxLength={maxLength}
            value={values[locale] ?? ''}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set(locale, e.target.value)}
          />
        ) : (
          <input
            id={id}
            lang={locale}
            dir="auto"
            maxLength={maxLength}
            value={values[locale] ?? ''}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set(locale, e.target.value)}
          />
        )
      }
    </Field>
  );
  const others = locales.filter((l) => l !== 'en');
  const filled = others.filter((l) => (values[l] ?? '').trim() !== '').length;
  return (
    <fieldset className="catalogue-fieldset">
      <legend>{legend}</legend>
      {input('en')}
      <details className="catalogue-languages">
        <summary>{t('catalogue.otherLanguages', { filled, total: others.length })}</summary>
        <div className="form-row">{others.map(input)}</div>
      </details>
    </fieldset>
  );
}

/** Only the languages with text, trimmed: what the server stores. */
export const cleanTexts = (values: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== ''),
  );

export function ReasonField({
  value,
  onChange,
  missing,
}: {
  value: string;
  onChange: (text: string) => void;
  missing: boolean;
}) {
  const { t } = useT();
  return (
    <Field
      label={`${t('catalogue.reason')} *`}
      hint={t('catalogue.reasonHint')}
      error={missing && t('common.required')}
    >
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={2}
          maxLength={500}
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export type ChangeLine = { label: string; before: string; after: string };

/** The review step: what the save changes, before → after, then confirm or go back to the form. */
export function ReviewChanges({
  lines,
  note,
  pending,
  error,
  onBack,
  onConfirm,
  confirmLabel,
  children,
}: {
  lines: readonly ChangeLine[];
  note?: string;
  pending: boolean;
  error: unknown;
  onBack: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="catalogue-review">
      <p className="dialog-hint">{t('catalogue.reviewIntro')}</p>
      <dl className="change-list" data-testid="change-list">
        {lines.map((l) => (
          <div key={l.label} className="change-line">
            <dt>{l.label}</dt>
            <dd>
              <bdi className="change-before">{l.before || '—'}</bdi>
              <span aria-hidden="true" className="change-arrow">
                {' → '}
              </span>
              <span className="visually-hidden">{t('catalogue.becomes')}</span>
              <bdi className="change-after">{l.after || '—'}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {note && <Notice>{note}</Notice>}
      {children}
      {error ? <ErrorNote error={error} /> : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onBack}>
          {t('catalogue.back')}
        </button>
        <button type="button" className="button button-primary" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
