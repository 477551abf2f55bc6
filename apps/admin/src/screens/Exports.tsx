// CSV exports: choose what (fund records, deposits, withdrawals, contracts, the audit log) and which UTC days,
// and download the file the server streams (GET /admin/api/export/<kind>.csv). Finance, compliance and
// superadmin may export (`exportData`); each export is an audit row naming who took which range.
import { useId, useState, type FormEvent } from 'react';
import { daysBetween, exportKinds, exportRangeDaysMax, type ExportKind } from '@tradewind/contract';
import { can, type AdminSession } from '../app/session.ts';
import { useDownloadExport } from '../api/dashboard.ts';
import { useT } from '../i18n/i18n.ts';
import { ErrorNote, LiveMessage, Notice } from '../ui/kit.tsx';
import './dashboard.css';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = 86_400_000;

/** What is wrong with the range, before asking the server (which checks the same). */
function rangeProblem(from: string, to: string): 'required' | 'order' | 'length' | null {
  if (!from || !to) return 'required';
  const span = daysBetween(from, to);
  if (Number.isNaN(span)) return 'required';
  if (span < 0) return 'order';
  return span >= exportRangeDaysMax ? 'length' : null;
}

export function Exports({ admin }: { admin: AdminSession['admin'] }) {
  const { t, integer } = useT();
  const allowed = can(admin.role, 'exportData');
  const today = isoDay(Date.now());
  const [kind, setKind] = useState<ExportKind>('deposits');
  const [from, setFrom] = useState(isoDay(Date.now() - 29 * dayMs));
  const [to, setTo] = useState(today);
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const download = useDownloadExport();
  const ids = { kind: useId(), from: useId(), to: useId(), problem: useId() };
  const problem = rangeProblem(from, to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setSaved(null);
    if (problem || !allowed) return;
    download.mutate(
      { kind, from, to },
      { onSuccess: (name) => setSaved(t('exports.downloaded', { file: name })) },
    );
  };

  const problemText =
    checked && problem
      ? problem === 'length'
        ? t('exports.rangeTooLong', { days: integer(exportRangeDaysMax) })
        : problem === 'order'
          ? t('exports.rangeOrder')
          : t('common.required')
      : null;

  return (
    <section aria-labelledby="exports-title">
      <header className="page-header">
        <div>
          <h1 id="exports-title">{t('exports.title')}</h1>
          <p className="page-intro">{t('exports.intro')}</p>
        </div>
      </header>
      {!allowed && <Notice tone="warn">{t('exports.forbidden')}</Notice>}
      <form className="export-form" onSubmit={submit} noValidate aria-label={t('exports.title')}>
        <div className="field field-wide">
          <label htmlFor={ids.kind}>{t('exports.kind')}</label>
          <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as ExportKind)}>
            {exportKinds.map((k) => (
              <option key={k} value={k}>
                {t(`exports.kinds.${k}`)}
              </option>
            ))}
          </select>
          <p className="field-hint">{t(`exports.about.${kind}`)}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.from}>{t('exports.from')}</label>
          <input
            id={ids.from}
            type="date"
            value={from}
            max={today}
            required
            aria-invalid={problemText ? true : undefined}
            aria-describedby={problemText ? ids.problem : undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>{t('exports.to')}</label>
          <input
            id={ids.to}
            type="date"
            value={to}
            required
            aria-invalid={problemText ? true : undefined}
            aria-describedby={problemText ? ids.problem : undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <p className="field-hint field-wide">
          {t('exports.rangeHint', { days: integer(exportRangeDaysMax) })}
        </p>
        {problemText && (
          <p id={ids.problem} className="field-error field-wide" role="alert">
            {problemText}
          </p>
        )}
        {download.error ? (
          <div className="field-wide">
            <ErrorNote error={download.error} forbidden={t('exports.forbidden')} />
          </div>
        ) : null}
        <div className="export-actions">
          <button type="submit" className="button button-primary" disabled={!allowed || download.isPending}>
            {download.isPending ? t('exports.preparing') : t('exports.download')}
          </button>
          <LiveMessage message={saved} />
        </div>
      </form>
    </section>
  );
}
