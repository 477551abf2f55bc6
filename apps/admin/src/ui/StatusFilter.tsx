// The status filter above a review list: one radio per status, plus "all", shown as a segmented control.
import { useT, type MessageKey } from '../i18n/i18n.ts';

/** A status the catalogue names under `status.` (every filterable status needs its label). */
type NamedStatus = MessageKey extends infer K ? (K extends `status.${infer S}` ? S : never) : never;

export function StatusFilter<S extends Exclude<NamedStatus, 'all'>>({
  name,
  statuses,
  value,
  onChange,
}: {
  /** The radio group's name; unique on the page. */
  name: string;
  statuses: readonly S[];
  value: S | 'all';
  onChange: (status: S | 'all') => void;
}) {
  const { t } = useT();
  const options: (S | 'all')[] = [...statuses, 'all'];
  return (
    <fieldset className="segmented">
      <legend>{t('reviews.statusFilter')}</legend>
      {options.map((s) => (
        <label key={s} className={s === value ? 'is-selected' : undefined}>
          <input type="radio" name={name} value={s} checked={s === value} onChange={() => onChange(s)} />
          {t(`status.${s}`)}
        </label>
      ))}
    </fieldset>
  );
}
