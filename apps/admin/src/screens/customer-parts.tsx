// Pieces the customer screens share: times, tones of statuses, and a 360 section — a titled table of the latest
// rows with a summary line, its empty state, and how many more there are.
import { useId, type ReactNode } from 'react';
import { kycStatuses } from '@tradewind/contract';
import { useT } from '../i18n/i18n.ts';

export const kycTones = {
  [kycStatuses.none]: 'neutral',
  [kycStatuses.pending]: 'warn',
  [kycStatuses.verified]: 'good',
  [kycStatuses.failed]: 'bad',
} as const;

/**
 * A value set into a translated sentence, wrapped in direction isolates (FSI … PDI), so an amount with its
 * currency stays whole and in order inside a right-to-left sentence.
 */
export const isolate = (value: string | number): string => `\u2068${value}\u2069`;

/** A moment to the minute in the operator's language, machine-readable in `dateTime`. */
export function Time({ ms }: { ms: number | null | undefined }) {
  const { dateTimeShort } = useT();
  if (ms === null || ms === undefined) return <span className="muted">—</span>;
  return <time dateTime={new Date(ms).toISOString()}>{dateTimeShort(ms)}</time>;
}

export function Section({
  title,
  summary,
  total,
  shown,
  empty,
  columns,
  children,
  actions,
  cards = false,
}: {
  title: string;
  /** Figures of the whole section (e.g. "2 pending"), beside the title. */
  summary?: string | undefined;
  total: number;
  shown: number;
  empty: string;
  columns: string[];
  /** The rows. */
  children: ReactNode;
  /** Controls beside the title (a toggle, a link to another screen). */
  actions?: ReactNode;
  /** On a phone each row becomes a card (admin.css `.table-cards`): every cell then carries `data-label`. */
  cards?: boolean;
}) {
  const { t, integer } = useT();
  const titleId = useId();
  return (
    <section className="customer-section" aria-labelledby={titleId}>
      <header className="customer-section-head">
        <h3 id={titleId}>{title}</h3>
        {summary && <span className="customer-section-summary">{summary}</span>}
        {actions}
      </header>
      {shown === 0 ? (
        <p className="customer-empty">{empty}</p>
      ) : (
        <div className="table-wrap">
          <table className={cards ? 'table table-cards' : 'table'}>
            <thead>
              <tr>
                {columns.map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {total > shown && (
        <p className="customer-more">
          {t('customers.latestOf', { shown: integer(shown), total: integer(total) })}
        </p>
      )}
    </section>
  );
}

/** A term and its value in a definition list (`.field-list`). */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
