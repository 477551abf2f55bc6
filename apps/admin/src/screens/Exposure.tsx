// The platform's exposure per instrument: what customers hold open against it, with their unrealized P&L at
// the feed's latest price and the platform's, which is its negative (the platform is every contract's
// counterparty). Read-only; a book at a time.
import { useState } from 'react';
import { positionBooks, type Book, type ExposureRow } from '@tradewind/contract';
import { formatMinor, tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import { useExposure } from '../api/positions.ts';
import { useT } from '../i18n/i18n.ts';
import { Amount } from '../ui/kit.tsx';
import { Empty } from '../ui/Fields.tsx';
import { ListTable } from '../ui/ListTable.tsx';

/** The platform's side of the customers' P&L, exactly (through the shared money module, no float). */
function negated(value: string): string {
  const minor = tryParseDecimal(value, usdtScale);
  return minor === undefined ? value : formatMinor(-minor, usdtScale);
}

export function Exposure() {
  const { t, integer, dateTime } = useT();
  const [book, setBook] = useState<Book>('real');
  const exposure = useExposure(book);
  const totals = exposure.data?.totals;
  return (
    <section aria-labelledby="exposure-title">
      <header className="page-header">
        <div>
          <h1 id="exposure-title">{t('exposure.title')}</h1>
          <p className="page-intro">{t('exposure.intro')}</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button button-small" onClick={() => void exposure.refetch()}>
            {t('common.refresh')}
          </button>
        </div>
      </header>
      <p className="note note-info">{t('exposure.platformNote')}</p>
      <div className="toolbar">
        <fieldset className="segmented">
          <legend>{t('fields.book')}</legend>
          {positionBooks.map((b) => (
            <label key={b} className={b === book ? 'is-selected' : undefined}>
              <input
                type="radio"
                name="exposure-book"
                value={b}
                checked={b === book}
                onChange={() => setBook(b)}
              />
              {t(`values.${b}`)}
            </label>
          ))}
        </fieldset>
        {exposure.data && (
          <span className="small muted">{t('exposure.takenAt', { time: dateTime(exposure.data.at) })}</span>
        )}
      </div>
      {totals && (
        <dl className="stats" aria-label={t('exposure.totals')}>
          <div className="stat">
            <dt>{t('exposure.openCount')}</dt>
            <dd className="num">{integer(totals.openCount)}</dd>
          </div>
          {(
            [
              ['exposure.netNotional', totals.netNotional],
              ['exposure.marginTotal', totals.marginTotal],
              ['exposure.customerPnl', totals.unrealizedPnl],
              ['exposure.platformPnl', negated(totals.unrealizedPnl)],
            ] as const
          ).map(([label, value]) => (
            <div className="stat" key={label}>
              <dt>{t(label)}</dt>
              <dd>
                <Amount value={value} asset="USDT" />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <ListTable
        query={exposure}
        columns={[
          { label: t('positions.instrument') },
          { label: t('exposure.openCount'), className: 'col-num' },
          { label: t('exposure.longLots'), className: 'col-num' },
          { label: t('exposure.shortLots'), className: 'col-num' },
          { label: t('exposure.netLots'), className: 'col-num' },
          { label: t('exposure.longNotional'), className: 'col-num' },
          { label: t('exposure.shortNotional'), className: 'col-num' },
          { label: t('exposure.netNotional'), className: 'col-num' },
          { label: t('exposure.marginTotal'), className: 'col-num' },
          { label: t('positions.markPrice'), className: 'col-num' },
          { label: t('exposure.customerPnl'), className: 'col-num' },
          { label: t('exposure.platformPnl'), className: 'col-num' },
        ]}
        empty={t('exposure.noPositions')}
        items={exposure.data?.list}
        row={(row) => <ExposureLine key={row.code} row={row} />}
      />
      <p className="small muted">{t('exposure.units')}</p>
    </section>
  );
}

/** A decimal cell (lots, USDT amounts, prices), or a dash where there is none. */
const cell = (value: string | undefined) => (
  <td className="col-num">{value === undefined ? <Empty /> : <Amount value={value} />}</td>
);

function ExposureLine({ row }: { row: ExposureRow }) {
  const { integer } = useT();
  // Without a price from the feed there is no P&L to show (the sum counts none for this instrument).
  const priced = row.markPrice !== undefined;
  return (
    <tr>
      <td className="mono strong">{row.code}</td>
      <td className="col-num">{integer(row.openCount)}</td>
      {cell(row.longLots)}
      {cell(row.shortLots)}
      {cell(row.netLots)}
      {cell(row.longNotional)}
      {cell(row.shortNotional)}
      {cell(row.netNotional)}
      {cell(row.marginTotal)}
      {cell(row.markPrice)}
      {cell(priced ? row.unrealizedPnl : undefined)}
      {cell(priced ? negated(row.unrealizedPnl) : undefined)}
    </tr>
  );
}
