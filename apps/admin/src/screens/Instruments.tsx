// Instruments (superadmin, manageCatalogue): every instrument with the terms customers are quoted — category,
// leverage choices within the category's cap, fee, lots, trading hours, listed or not, and how many contracts
// are open on it — found by name or code, filtered by category and status, and edited one at a time
// (InstrumentForm). Changes reach new orders only; no price is set here.
import { useId, useState, type FormEvent } from 'react';
import { instrumentTypes, type AdminInstrument, type InstrumentType } from '@tradewind/contract';
import { useInstruments, type InstrumentFilter } from '../api/catalogue.ts';
import { pageSize } from '../api/queries.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Badge, LiveMessage, Notice, Pager } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { bpsToPercent, InstrumentForm, typeName } from './InstrumentForm.tsx';
import './catalogue.css';

const typeList = Object.values(instrumentTypes) as InstrumentType[];

export function Instruments({ admin }: { admin: AdminSession['admin'] }) {
  const tr = useT();
  const { t, integer } = tr;
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<InstrumentFilter>({
    keyword: '',
    type: undefined,
    enabled: undefined,
  });
  const [page, setPage] = useState(1);
  const instruments = useInstruments(filter, page);
  const [editing, setEditing] = useState<AdminInstrument | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const ids = { search: useId(), type: useId(), status: useId() };
  const allowed = can(admin.role, 'manageCatalogue');

  const refine = (next: Partial<InstrumentFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    refine({ keyword: draft.trim() });
  };

  return (
    <section aria-labelledby="instruments-title" className="catalogue">
      <header className="page-header">
        <div>
          <h1 id="instruments-title">{t('instruments.title')}</h1>
          <p className="page-intro">{t('instruments.intro')}</p>
        </div>
      </header>
      {!allowed && <Notice>{t('common.forbidden')}</Notice>}
      <LiveMessage message={message} />
      <form className="toolbar catalogue-toolbar" role="search" onSubmit={search}>
        <label htmlFor={ids.search} className="visually-hidden">
          {t('instruments.search')}
        </label>
        <input
          id={ids.search}
          type="search"
          className="search-input"
          placeholder={t('instruments.search')}
          maxLength={32}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button-primary button-small">
          {t('instruments.searchButton')}
        </button>
        <label htmlFor={ids.type} className="visually-hidden">
          {t('instruments.category')}
        </label>
        <select
          id={ids.type}
          value={filter.type ?? ''}
          onChange={(e) => refine({ type: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t('instruments.allCategories')}</option>
          {typeList.map((type) => (
            <option key={type} value={type}>
              {typeName(tr, type)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.status} className="visually-hidden">
          {t('instruments.status')}
        </label>
        <select
          id={ids.status}
          value={filter.enabled === undefined ? '' : String(filter.enabled)}
          onChange={(e) => refine({ enabled: e.target.value === '' ? undefined : e.target.value === 'true' })}
        >
          <option value="">{t('instruments.allStatuses')}</option>
          <option value="true">{t('instruments.listed')}</option>
          <option value="false">{t('instruments.notListed')}</option>
        </select>
      </form>
      <ListTable
        query={instruments}
        columns={[
          { label: t('instruments.instrument') },
          { label: t('instruments.category') },
          { label: t('instruments.leverage') },
          { label: t('instruments.fee'), className: 'col-num' },
          { label: t('instruments.lots'), className: 'col-num' },
          { label: t('instruments.hours') },
          { label: t('instruments.status') },
          { label: t('instruments.openPositions'), className: 'col-num' },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={filter.keyword ? t('instruments.noMatch') : t('instruments.none')}
        items={instruments.data?.list}
        row={(i) => (
          <tr key={i.id} className={i.enabled ? undefined : 'is-muted'} data-testid="instrument-row">
            <td>
              <div className="instrument-cell">
                <img src={i.logo} alt="" width={28} height={28} loading="lazy" />
                <div>
                  <div className="strong">
                    <bdi>{i.appName}</bdi>
                  </div>
                  <code className="muted" dir="ltr">
                    {i.code}
                  </code>
                </div>
              </div>
            </td>
            <td>
              {typeName(tr, i.type)}
              {i.etf && <span className="muted"> · {t('instruments.etf')}</span>}
            </td>
            <td className="col-leverage">
              <span className="chip-list chip-list-inline" data-testid="leverages">
                {i.leverages.map((l) => (
                  <span key={l} className="chip chip-small" dir="ltr">
                    {t('positions.leverageValue', { value: l })}
                  </span>
                ))}
              </span>
              <div className="muted small">{t('instruments.capShort', { max: i.leverageCap })}</div>
            </td>
            <td className="col-num num" dir="ltr">
              {bpsToPercent(i.feeBps)} %
            </td>
            <td className="col-num num" dir="ltr">
              {i.minLots}–{i.maxLots}
            </td>
            <td>
              <span dir="ltr">{i.tradingHours.timeZone}</span>
              <div className="muted small">
                {i.tradingHours.alwaysOpen
                  ? t('instruments.alwaysOpen')
                  : t('instruments.sessionCount', { count: i.tradingHours.sessions.length })}
              </div>
            </td>
            <td>
              <Badge tone={i.enabled ? 'good' : 'neutral'}>
                {i.enabled ? t('instruments.listed') : t('instruments.notListed')}
              </Badge>
            </td>
            <td className="col-num num">{integer(i.openPositions)}</td>
            <td className="col-actions">
              <button
                type="button"
                className="button button-small"
                disabled={!allowed}
                aria-label={t('instruments.editTitle', { name: i.appName })}
                onClick={() => setEditing(i)}
              >
                {t('instruments.edit')}
              </button>
            </td>
          </tr>
        )}
      />
      {instruments.data && (
        <Pager page={page} size={pageSize} total={instruments.data.total} onPage={setPage} />
      )}
      {editing && (
        <InstrumentForm
          instrument={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, text) => {
            setEditing(null);
            setMessage(`${t('instruments.saved', { name: saved.appName })} ${text}`);
          }}
        />
      )}
    </section>
  );
}
