// Small pieces of the wallet screens: amounts, review status, paging, a modal dialog, copy and QR.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type MoneyContext } from '@tradewind/contract/money-format';
import { currentLocale } from '../../i18n/i18n.ts';
import { toast } from '../toast.tsx';
import './dialog.css';

/**
 * A wire decimal with its asset, in tabular numerals, read by the rule of its `context` (money-format.ts:
 * `amount` for balances and lists, `exact` on confirm steps, `pnl` for results); where the rule leaves digits
 * out, the exact figure is the title. `signed` (and `pnl`) colour credits and debits.
 */
export function Amount({
  value,
  asset = 'USDT',
  context = 'amount',
  scale,
  signed = false,
}: {
  value: string;
  asset?: string;
  context?: MoneyContext;
  /** The asset's scale, for a coin other than USDT. */
  scale?: number;
  signed?: boolean;
}) {
  const locale = currentLocale();
  const shown = formatMoney(value, locale, context, { scale, signed });
  const exact = formatMoney(value, locale, 'exact', { scale, signed: signed || context === 'pnl' });
  const negative = value.trim().startsWith('-');
  // Signed figures carry a sign unless they read as zero, which is neither a gain nor a loss: no colour.
  const toned = (signed || context === 'pnl') && /[+\-\u2212]/.test(shown);
  const tone = toned ? (negative ? ' amount-down' : ' amount-up') : '';
  return (
    <span className={`money${tone}`} title={exact === shown ? undefined : `${exact} ${asset}`}>
      <bdi className="num">{shown}</bdi> <span className="unit">{asset}</span>
    </span>
  );
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected';
const statusTones = { pending: 'badge-warn', approved: 'badge-up', rejected: 'badge-down' } as const;

export function StatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <span className={`badge ${statusTones[status]}`} data-status={status}>
      {t(`common.status.${status}`)}
    </span>
  );
}

/** Previous / next over a server page; nothing when everything fits on one page. */
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
  const { t } = useTranslation('wallet');
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('common.pages')}>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span className="muted small">{t('common.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

/** A modal on the native <dialog>: focus stays inside, Escape closes, the page behind is inert. */
export function Dialog({
  open,
  title,
  onClose,
  children,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra classes of the <dialog>, e.g. a bottom sheet on phones. */
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      {open && (
        <div className="dialog-body">
          <h2 id={titleId} className="card-title">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** Copies a value; the spec's "copy success / failure" message either way (no clipboard over plain http). */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const copy = () => {
    const clipboard = typeof navigator.clipboard?.writeText === 'function' ? navigator.clipboard : null;
    if (!clipboard) {
      toast(t('common.copyFailed'), 'error');
      return;
    }
    clipboard
      .writeText(value)
      .then(() => toast(t('common.copied'), 'success'))
      .catch(() => toast(t('common.copyFailed'), 'error'));
  };
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={copy} aria-label={label}>
      {t('common.copy')}
    </button>
  );
}

/** A QR code of `text` as a PNG data URL; the qrcode library loads only when a code is shown. */
export function useQrDataUrl(text: string | null): string | null {
  const [qr, setQr] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    import('qrcode')
      .then((lib) => lib.toDataURL(text, { margin: 1, width: 320, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setQr({ text, url });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return qr && qr.text === text ? qr.url : null;
}
