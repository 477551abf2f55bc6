// The audit log: every operator action, newest first, with the state before and after as JSON.
import { Fragment, useState } from 'react';
import { auditPageSize, useAuditLog, type AuditRow } from '../api/queries.ts';
import { useT } from '../i18n/i18n.ts';
import { AuditAction } from '../ui/AuditAction.tsx';
import { Pager } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';

const columns = 7;

export function AuditLog() {
  const { t } = useT();
  const [page, setPage] = useState(1);
  const audit = useAuditLog(page);
  return (
    <section aria-labelledby="audit-title">
      <header className="page-header">
        <div>
          <h1 id="audit-title">{t('audit.title')}</h1>
          <p className="page-intro">{t('audit.intro')}</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button button-small" onClick={() => void audit.refetch()}>
            {t('common.refresh')}
          </button>
        </div>
      </header>
      <ListTable
        query={audit}
        columns={[
          { label: t('fields.id') },
          { label: t('audit.time') },
          { label: t('audit.admin') },
          { label: t('audit.action') },
          { label: t('audit.target') },
          { label: t('fields.reason') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('audit.noRows')}
        items={audit.data?.list}
        row={(row) => <AuditLine key={row.id} row={row} />}
      />
      {audit.data && <Pager page={page} size={auditPageSize} total={audit.data.total} onPage={setPage} />}
    </section>
  );
}

function AuditLine({ row }: { row: AuditRow }) {
  const { t, dateTime } = useT();
  const [open, setOpen] = useState(false);
  const detailsId = `audit-${row.id}`;
  return (
    <Fragment>
      <tr className={open ? 'is-open' : undefined}>
        <td className="num">{row.id}</td>
        <td className="nowrap">
          <time dateTime={new Date(row.createdAt).toISOString()}>{dateTime(row.createdAt)}</time>
        </td>
        <td className="num">{row.adminId}</td>
        <td>
          <AuditAction action={row.action} />
        </td>
        <td className="mono">{row.target}</td>
        <td className="reason-cell">{row.reason ?? <span className="muted">—</span>}</td>
        <td className="col-actions">
          <button
            type="button"
            className="button button-small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {open ? t('common.hideDetails') : t('common.details')}
          </button>
        </td>
      </tr>
      {open && (
        <tr className="detail-row" id={detailsId}>
          <td colSpan={columns}>
            <div className="json-pair">
              <Json title={t('audit.before')} value={row.before} />
              <Json title={t('audit.after')} value={row.after} />
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function Json({ title, value }: { title: string; value: unknown }) {
  return (
    <figure className="json">
      <figcaption>{title}</figcaption>
      <pre dir="ltr">{value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}</pre>
    </figure>
  );
}
