// Customers' contracts, read-only: open and closed tabs, filters by instrument, customer and book, a page at
// a time. There is no action on a row: the engine settles positions from the recorded feed, staff never do.
import { useId, useState, type FormEvent } from 'react';
import { isIdString, type AdminPosition, type Book, type ContractStatus } from '@tradewind/contract';
import { positionsPageSize, usePositions, type PositionFilters } from '../api/positions.ts';
import { Link } from '../layout/Link.tsx';
import { useT } from '../i18n/i18n.ts';
import { Amount, Badge, Notice, Pager } from '../ui/kit.tsx';
import { Empty, Time } from '../ui/Fields.tsx';
import { ListTable } from '../ui/ListTable.tsx';

const tabs: readonly ContractStatus[] = ['open', 'closed'];
const noFilters: PositionFilters = { code: '', userId: '', book: 'all' };
const codePattern = /^[A-Za-z0-9]{1,20}$/;

export function Positions({ status }: { status: ContractStatus }) {
  const { t } = useT();
  const [filters, setFilters] = useState<PositionFilters>(noFilters);
  const [page, setPage] = useState(1);
  const positions = usePositions(status, filters, page);
  const open = status === 'open';
  return (
    <section aria-labelledby="positions-title">
      <header className="page-header">
        <div>
          <h1 id="positions-title">{t('positions.title')}</h1>
          <p className="page-intro">{t('positions.intro')}</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button button-small" onClick={() => void positions.refetch()}>
            {t('common.refresh')}
          </button>
        </div>
      </header>
      <Notice tone="neutral">{t('positions.engineOnly')}</Notice>
      <nav className="tabs" aria-label={t('positions.tabs')}>
        {tabs.map((s) => (
          <Link key={s} to={{ screen: 'positions', status: s }} current={s === status} className="tab">
            {t(`positions.${s}`)}
          </Link>
        ))}
      </nav>
      <Filters
        applied={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <ListTable
        query={positions}
        columns={[
          { label: t('positions.orderNo') },
          { label: t('fields.user') },
          { label: t('fields.book') },
          { label: t('positions.instrument') },
          { label: t('positions.direction') },
          { label: t('positions.lots'), className: 'col-num' },
          { label: t('positions.leverage'), className: 'col-num' },
          { label: t('positions.openPrice'), className: 'col-num' },
          { label: t('positions.openedAt') },
          ...(open
            ? [{ label: t('positions.levels') }, { label: t('positions.expiresAt') }]
            : [
                { label: t('positions.closePrice'), className: 'col-num' },
                { label: t('positions.closedAt') },
                { label: t('positions.closeReason') },
              ]),
          { label: t('positions.margin'), className: 'col-num' },
          { label: t('fields.fee'), className: 'col-num' },
          ...(open ? [{ label: t('positions.markPrice'), className: 'col-num' }] : []),
          { label: open ? t('positions.unrealizedPnl') : t('positions.pnl'), className: 'col-num' },
        ]}
        empty={open ? t('positions.noOpen') : t('positions.noClosed')}
        items={positions.data?.list}
        row={(p) => <PositionRow key={p.id} position={p} />}
      />
      {positions.data && (
        <Pager page={page} size={positionsPageSize} total={positions.data.total} onPage={setPage} />
      )}
    </section>
  );
}

/** The filter form: applied on submit, after the instrument code and the customer id are checked. */
function Filters({
  applied,
  onApply,
}: {
  applied: PositionFilters;
  onApply: (filters: PositionFilters) => void;
}) {
  const { t } = useT();
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<{ code?: boolean; userId?: boolean }>({});
  const ids = { code: useId(), userId: useId(), book: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...draft, code: draft.code.trim().toUpperCase(), userId: draft.userId.trim() };
    const found = {
      code: next.code !== '' && !codePattern.test(next.code),
      userId: next.userId !== '' && !isIdString(next.userId),
    };
    setErrors(found);
    if (!found.code && !found.userId) onApply(next);
  };

  const field = (name: 'code' | 'userId', label: string, error: string) => (
    <div className="field">
      <label htmlFor={ids[name]}>{label}</label>
      <input
        id={ids[name]}
        className="search-input"
        dir="ltr"
        maxLength={name === 'code' ? 20 : 16}
        inputMode={name === 'userId' ? 'numeric' : undefined}
        value={draft[name]}
        aria-invalid={errors[name] || undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
      {errors[name] && (
        <p id={`${ids[name]}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <form className="toolbar" role="search" aria-label={t('positions.filters')} onSubmit={submit} noValidate>
      {field('code', t('positions.instrument'), t('positions.badCode'))}
      {field('userId', t('fields.userId'), t('positions.badUserId'))}
      <div className="field">
        <label htmlFor={ids.book}>{t('fields.book')}</label>
        <select
          id={ids.book}
          value={draft.book}
          onChange={(e) => setDraft({ ...draft, book: e.target.value as Book | 'all' })}
        >
          <option value="all">{t('positions.allBooks')}</option>
          <option value="real">{t('values.real')}</option>
          <option value="demo">{t('values.demo')}</option>
        </select>
      </div>
      <button type="submit" className="button button-primary button-small">
        {t('positions.apply')}
      </button>
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          setDraft(noFilters);
          setErrors({});
          onApply(noFilters);
        }}
      >
        {t('positions.clear')}
      </button>
    </form>
  );
}

/** A price with the tick it came from, so a reader can check it on the tape. */
function PriceAt({ price, tickId }: { price: string | undefined; tickId: string | undefined }) {
  const { t } = useT();
  if (price === undefined) return <Empty />;
  return (
    <>
      <Amount value={price} />
      {tickId && (
        <span className="small muted" dir="ltr">
          <br />
          {t('positions.tick', { id: tickId })}
        </span>
      )}
    </>
  );
}

function Pnl({ value }: { value: string | null | undefined }) {
  const { t } = useT();
  if (value === null || value === undefined) return <span className="muted">{t('positions.noPrice')}</span>;
  return (
    <strong>
      <Amount value={value} asset="USDT" />
    </strong>
  );
}

function PositionRow({ position: p }: { position: AdminPosition }) {
  const { t } = useT();
  const open = p.status === 'open';
  return (
    <tr>
      <td className="mono nowrap">{p.orderNo}</td>
      <td>
        <bdi>{p.user.userName}</bdi>
        <span className="small muted" dir="ltr">
          <br />#{p.user.id}
        </span>
      </td>
      <td>
        <Badge tone={p.book === 'real' ? 'info' : 'neutral'}>{t(`values.${p.book}`)}</Badge>
      </td>
      <td className="mono">{p.code}</td>
      <td>
        <Badge tone={p.direction === 'up' ? 'good' : 'bad'}>{t(`positions.directions.${p.direction}`)}</Badge>
      </td>
      <td className="col-num">
        <Amount value={p.lots} />
      </td>
      <td className="col-num" dir="ltr">
        {t('positions.leverageValue', { value: p.leverage })}
      </td>
      <td className="col-num">
        <PriceAt price={p.openPrice} tickId={p.openTickId} />
      </td>
      <td className="nowrap">
        <Time epochMs={p.openAt} />
      </td>
      {open ? (
        <>
          <td className="nowrap small">
            {t('positions.takeProfit')}: {p.takeProfit ? <Amount value={p.takeProfit} /> : <Empty />}
            <br />
            {t('positions.stopLoss')}: {p.stopLoss ? <Amount value={p.stopLoss} /> : <Empty />}
          </td>
          <td className="nowrap">
            <Time epochMs={p.expiresAt} />
          </td>
        </>
      ) : (
        <>
          <td className="col-num">
            <PriceAt price={p.closePrice} tickId={p.closeTickId} />
          </td>
          <td className="nowrap">
            <Time epochMs={p.closeAt} />
          </td>
          <td>{p.closeReason ? t(`positions.closeReasons.${p.closeReason}`) : <Empty />}</td>
        </>
      )}
      <td className="col-num">
        <Amount value={p.margin} asset="USDT" />
      </td>
      <td className="col-num">
        <Amount value={p.fee} asset="USDT" />
      </td>
      {open && (
        <td className="col-num">
          <PriceAt price={p.markPrice} tickId={undefined} />
        </td>
      )}
      <td className="col-num">
        <Pnl value={p.pnl} />
      </td>
    </tr>
  );
}
