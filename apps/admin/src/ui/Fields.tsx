// Labelled field lists of the detail panes. Each kind's screen says which fields it shows and how each is
// written (an amount with its asset, a hash in monospace, a time through Intl); nothing is guessed from a
// field's name or from what its value looks like.
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.ts';

export type Field = { label: string; value: ReactNode; wide?: boolean };

export function FieldList({ fields }: { fields: Field[] }) {
  return (
    <dl className="field-list">
      {fields.map((f) => (
        <div key={f.label} className={`field-item${f.wide ? ' field-item-wide' : ''}`}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FieldGroup({ title, fields }: { title: string; fields: Field[] }) {
  return (
    <section className="field-group">
      <h3 className="detail-heading">{title}</h3>
      <FieldList fields={fields} />
    </section>
  );
}

export const Empty = () => <span className="muted">—</span>;

/** Words in any script, isolated so that Arabic and Latin mix correctly. */
export function Text({ value }: { value: string | null | undefined }) {
  return value ? <bdi>{value}</bdi> : <Empty />;
}

/** Identifiers read character by character (hashes, wallet addresses): monospaced, free to break. */
export function Mono({ value }: { value: string | null | undefined }) {
  return value ? (
    <code className="mono-break" dir="ltr">
      {value}
    </code>
  ) : (
    <Empty />
  );
}

/** Ids, dates and phone numbers: digits that read left to right in Arabic too. */
export function Digits({ value }: { value: string | null | undefined }) {
  return value ? (
    <span className="num" dir="ltr">
      {value}
    </span>
  ) : (
    <Empty />
  );
}

export function Time({ epochMs }: { epochMs: number | null | undefined }) {
  const { dateTime } = useT();
  if (epochMs === null || epochMs === undefined) return <Empty />;
  return <time dateTime={new Date(epochMs).toISOString()}>{dateTime(epochMs)}</time>;
}
