// Small shared pieces of the back office: badges, error and empty states, paging, the decision dialog.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { codes } from '@tradewind/contract';
import { ApiError, clientCodes } from '../api/client.ts';
import { rtlLocales } from '@tradewind/i18n/locales';
import { useT, type Translator } from '../i18n/i18n.ts';
import { formatAmount } from './money.ts';

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const statusTones: Record<string, Tone> = {
  pending: 'warn',
  approved: 'good',
  rejected: 'bad',
  repaying: 'info',
  overdue: 'bad',
  repaid: 'good',
};

/** A review or loan status word as a coloured, translated badge (unknown words shown as sent). */
export function StatusBadge({ status }: { status: string }) {
  const { tMaybe } = useT();
  return <Badge tone={statusTones[status] ?? 'neutral'}>{tMaybe(`status.${status}`) ?? status}</Badge>;
}

/**
 * What to tell the operator about a failed call: a refusal of the role (10019) in the screen's own words,
 * every other code in the server's (already translated) text.
 */
export function errorText(error: unknown, { t }: Translator, forbidden?: string): string {
  if (!(error instanceof ApiError)) return t('common.unknownError');
  if (error.httpStatus === 403 && error.code === codes.authStatusWrong)
    return forbidden ?? t('common.forbidden');
  if (error.code === clientCodes.network) return t('common.networkError');
  const fields = Object.values(error.fields);
  const text = [error.message, ...fields].filter(Boolean).join(' ');
  return text || t('common.unknownError');
}

export function ErrorNote({
  error,
  onRetry,
  forbidden,
}: {
  error: unknown;
  onRetry?: () => void;
  /** What a 403 means here, when more than the role can explain it. */
  forbidden?: string;
}) {
  const tr = useT();
  return (
    <div className="note note-bad" role="alert">
      <span>{errorText(error, tr, forbidden)}</span>
      {onRetry && (
        <button type="button" className="button button-small" onClick={onRetry}>
          {tr.t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: Tone }) {
  return <div className={`note note-${tone}`}>{children}</div>;
}

/** A polite live region: success messages of decisions are read out. */
export function LiveMessage({ message }: { message: string | null }) {
  return (
    <p className="live-message" role="status" aria-live="polite">
      {message}
    </p>
  );
}

export function LoadingRow({ columns }: { columns: number }) {
  const { t } = useT();
  return (
    <tr>
      <td colSpan={columns} className="table-state">
        {t('common.loading')}
      </td>
    </tr>
  );
}

export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="table-state">
        {text}
      </td>
    </tr>
  );
}

/** Page through a list; the arrows point the reading way (right to left in Arabic). */
export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t, integer, locale } = useT();
  const pages = Math.max(1, Math.ceil(total / size));
  const [back, forward] = rtlLocales.has(locale) ? ['›', '‹'] : ['‹', '›'];
  return (
    <nav className="pager" aria-label={t('common.pagination')}>
      <span className="pager-total">{t('common.total', { count: integer(total) })}</span>
      <button
        type="button"
        className="button button-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <span aria-hidden="true">{back}</span> {t('common.previous')}
      </button>
      <span className="pager-page">{t('common.pageOf', { page: integer(page), pages: integer(pages) })}</span>
      <button
        type="button"
        className="button button-small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')} <span aria-hidden="true">{forward}</span>
      </button>
    </nav>
  );
}

/**
 * An amount as the API sends it (a decimal string), written exactly in the operator's language through the
 * shared money module and Intl, kept left-to-right inside RTL text.
 */
export function Amount({ value, asset }: { value: string; asset?: string | undefined }) {
  const { locale } = useT();
  return (
    <span className="amount" dir="ltr">
      {formatAmount(value, asset, locale)}
      {asset ? <span className="amount-asset"> {asset}</span> : null}
    </span>
  );
}

export type DialogProps = {
  title: string;
  hint?: string;
  /** The text field: a note (optional) or a reason (required). */
  field?: { label: string; required: boolean };
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  forbidden?: string;
  /** More of the decision under the text field (an option such as "also remove the authenticator"). */
  children?: ReactNode;
  onConfirm: (text: string) => void;
  onClose: () => void;
};

/**
 * A modal: native <dialog> keeps focus inside and closes on Escape. Mount it to open it. Rendered into
 * <body>, not where it is mounted: a dialog opened from a table's actions cell inherited the cell's
 * `white-space: nowrap` and narrow width, which clipped its buttons ("Approve" drawn as "A").
 */
export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return createPortal(
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>,
    document.body,
  );
}

/** A decision (approve, reject, disable…) with an optional or required text, in a modal. */
export function DecisionDialog(props: DialogProps) {
  const { t } = useT();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = useId();
  const { field, onClose } = props;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (field?.required && text.trim() === '') {
      setMissing(true);
      return;
    }
    props.onConfirm(text.trim());
  };

  return (
    <Modal title={props.title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {props.hint && <p className="dialog-hint">{props.hint}</p>}
        {field && (
          <div className="field">
            <label htmlFor={fieldId}>
              {field.label}
              {field.required && <span className="required-mark"> *</span>}
            </label>
            <textarea
              id={fieldId}
              rows={3}
              maxLength={500}
              value={text}
              required={field.required}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${fieldId}-error` : undefined}
              onChange={(e) => {
                setText(e.target.value);
                setMissing(false);
              }}
              autoFocus
            />
            {missing && (
              <p id={`${fieldId}-error`} className="field-error">
                {t('common.required')}
              </p>
            )}
          </div>
        )}
        {props.children}
        {props.error ? <ErrorNote error={props.error} forbidden={props.forbidden} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`button ${props.danger ? 'button-danger' : 'button-primary'}`}
            disabled={props.pending}
            autoFocus={!field}
          >
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
