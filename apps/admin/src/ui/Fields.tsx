// Every field of a review item, labelled from the catalogue (`fields.<name>`, the raw name when unknown)
// and formatted by kind: times through Intl, amounts exactly as sent, status words translated. Nested
// objects (the customer, the withdrawal method) get a group of their own.
import type { ReactNode } from 'react';
import { useT, type Translator } from '../i18n/i18n.ts';
import { Amount, StatusBadge } from './kit.tsx';
import { isEvidence, type EvidenceFile } from './Evidence.tsx';

type Entry = { path: string; label: string; value: unknown; key: string };
export type FieldGroup = { key: string; title: string | null; entries: Entry[] };

export function fieldLabel(key: string, tr: Translator): string {
  return tr.tMaybe(`fields.${key}`) ?? key;
}

/** Splits an item into field groups (its own fields first, then one per nested object) and its evidence. */
export function splitFields(
  item: Readonly<Record<string, unknown>>,
  tr: Translator,
): { groups: FieldGroup[]; files: EvidenceFile[] } {
  const files: EvidenceFile[] = [];
  const own: FieldGroup = { key: '', title: null, entries: [] };
  const groups: FieldGroup[] = [own];
  const walk = (group: FieldGroup, value: unknown, key: string, path: string, label: string): void => {
    if (isEvidence(value)) {
      // Photos are named by their own field ("Selfie"), not by the group they sit in.
      files.push({ path, label: fieldLabel(key, tr), url: value });
    } else if (Array.isArray(value) && value.some(isEvidence)) {
      value.forEach((v, i) => {
        if (isEvidence(v)) files.push({ path: `${path}.${i}`, label: `${label} ${i + 1}`, url: v });
      });
    } else if (isRecord(value)) {
      for (const [k, v] of Object.entries(value))
        walk(group, v, k, `${path}.${k}`, `${label} › ${fieldLabel(k, tr)}`);
    } else {
      group.entries.push({ path, label, value, key });
    }
  };
  for (const [key, value] of Object.entries(item)) {
    if (isRecord(value) && !isEvidence(value)) {
      const group: FieldGroup = { key, title: fieldLabel(key, tr), entries: [] };
      groups.push(group);
      for (const [k, v] of Object.entries(value)) walk(group, v, k, `${key}.${k}`, fieldLabel(k, tr));
    } else {
      walk(own, value, key, key, fieldLabel(key, tr));
    }
  }
  return { groups: groups.filter((g) => g.entries.length > 0), files };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const decimalPattern = /^-?\d+(\.\d+)?$/;
/** Fields that hold money or a rate: shown as amounts (bold, tabular, exactly as sent). */
const moneyPattern = /amount|Amount|fee|Fee|rate|Rate|interest|balance|Balance/;
/** Identifiers read character by character: monospaced and free to break anywhere. */
const codeFields = new Set(['txHash', 'address', 'hash', 'inviteCode', 'ref']);
const translatedWords = new Set(['sex', 'docType', 'type', 'book']);

export function FieldValue({ name, value }: { name: string; value: unknown }): ReactNode {
  const tr = useT();
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  // Booleans as marks (✓ ✗): the same in every language.
  if (typeof value === 'boolean') {
    return <span className={value ? 'mark-true' : 'mark-false'}>{value ? '✓' : '✗'}</span>;
  }
  if (typeof value === 'number') {
    if (/(At|Date|Time)$/.test(name)) {
      return <time dateTime={new Date(value).toISOString()}>{tr.dateTime(value)}</time>;
    }
    if (name === 'kycStatus') return tr.tMaybe(`kycStatus.${value}`) ?? String(value);
    if (name === 'status') return tr.tMaybe(`userStatus.${value}`) ?? String(value);
    return <span className="num">{Number.isInteger(value) ? tr.integer(value) : String(value)}</span>;
  }
  if (typeof value === 'string') {
    if (name === 'status') return <StatusBadge status={value} />;
    if (translatedWords.has(name)) return tr.tMaybe(`values.${value}`) ?? value;
    if (name === 'country' && /^[A-Z]{2}$/.test(value)) return `${tr.region(value)} (${value})`;
    if (decimalPattern.test(value)) {
      return moneyPattern.test(name) ? (
        <Amount value={value} />
      ) : (
        <span className="num" dir="ltr">
          {value}
        </span>
      );
    }
    // Wallet addresses and hashes, not postal addresses (those have spaces).
    if ((codeFields.has(name) && !/\s/.test(value)) || /^(0x)?[0-9a-fA-F]{32,}$/.test(value)) {
      return (
        <code className="mono-break" dir="ltr">
          {value}
        </code>
      );
    }
    // Digits and signs only (+44, 1979-11-30) read left to right in Arabic too.
    if (!/\p{L}/u.test(value)) {
      return (
        <span className="num" dir="ltr">
          {value}
        </span>
      );
    }
    return <bdi>{value}</bdi>;
  }
  return <code className="mono-break">{JSON.stringify(value)}</code>;
}

const isLong = (value: unknown) => typeof value === 'string' && value.length > 32;

export function FieldList({ entries }: { entries: Entry[] }) {
  return (
    <dl className="field-list">
      {entries.map((e) => (
        <div key={e.path} className={`field-item${isLong(e.value) ? ' field-item-wide' : ''}`}>
          <dt>{e.label}</dt>
          <dd>
            <FieldValue name={e.key} value={e.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Field groups one after another, each under its heading (the item's own fields under `title`). */
export function FieldGroups({ groups, title }: { groups: FieldGroup[]; title: string }) {
  return (
    <>
      {groups.map((g) => (
        <section key={g.key || '_'} className="field-group">
          <h3 className="detail-heading">{g.title ?? title}</h3>
          <FieldList entries={g.entries} />
        </section>
      ))}
    </>
  );
}
