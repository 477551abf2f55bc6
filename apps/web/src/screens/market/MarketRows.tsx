// Rows of market items shared by the home page, the market page and the watchlist: logo and names, a live
// sparkline, the live price (its cell tinted for a moment on change, labelled when simulated), the 24 h
// change, or for a closed market "Closed · opens in 2 h", and on wide screens the 24 h high, low and
// turnover. On the market page the column headers sort the list (aria-sort). A row opens the detail.
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketItem } from '@tradewind/contract';
import { useLiveQuote } from '../../live/hooks.ts';
import { useOnScreen } from '../../live/onScreen.ts';
import { mergeSeries } from '../../live/store.ts';
import { InstrumentLogo } from '../../ui/market/InstrumentLogo.tsx';
import { Change, Price, PriceList, trendOf } from '../../ui/market/PriceCell.tsx';
import { Sparkline } from '../../ui/market/Sparkline.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatCompact, formatOpensIn, formatPrice } from '../../ui/market/format.ts';
import { detailHref } from './categories.ts';
import { ariaSort, turnover, type Sort, type SortKey } from './sort.ts';
import '../../ui/market/market.css';

export type RowsVariant = 'full' | 'compact';

/** "BTC/USDT": the base stands out, the quote is quieter (and narrow screens keep room for the price). */
function PairName({ appName }: { appName: string }) {
  const slash = appName.indexOf('/');
  if (slash <= 0) return <span className="mkt-symbol">{appName}</span>;
  return (
    <span className="mkt-symbol" dir="ltr">
      {appName.slice(0, slash)}
      <span className="mkt-quote">{appName.slice(slash)}</span>
    </span>
  );
}

/** A closed market: no 0.00 % of a day without trading, but when it opens. */
function ClosedBadge({ item }: { item: MarketItem }) {
  const { t } = useTranslation('market');
  const text =
    item.nextOpenAt === undefined
      ? t('list.closed')
      : t('list.closedOpens', { when: formatOpensIn(item.nextOpenAt, Date.now(), currentLocale()) });
  return (
    <span className="badge badge-neutral mkt-closed" data-testid="closed-badge">
      {text}
    </span>
  );
}

/** A column header; with `onSort`, a button that sorts by it, its state in aria-sort. */
function Header({
  column,
  label,
  className,
  sort,
  onSort,
}: {
  column?: SortKey;
  label: string;
  className?: string;
  sort?: Sort | undefined;
  onSort?: ((key: SortKey) => void) | undefined;
}) {
  if (!column || !onSort) {
    return (
      <span role="columnheader" className={className}>
        {label}
      </span>
    );
  }
  const state = ariaSort(sort, column);
  return (
    <span role="columnheader" className={className} aria-sort={state}>
      <button type="button" className="mkt-sort" data-sort={column} onClick={() => onSort(column)}>
        {label}
        <span className="mkt-sort-mark" aria-hidden="true">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </span>
  );
}

const MarketRow = memo(function MarketRow({
  item,
  fetchedAtMs,
  variant,
  liveOnScreenOnly,
  action,
}: {
  item: MarketItem;
  fetchedAtMs: number;
  variant: RowsVariant;
  liveOnScreenOnly: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  const [ref, onScreen] = useOnScreen<HTMLLIElement>();
  // Off screen, a row of a long list keeps the list's price and sparkline and costs nothing per message.
  const quote = useLiveQuote(!liveOnScreenOnly || onScreen ? item.code : undefined);
  const price = quote?.price ?? item.nowPrice;
  const zdf = quote?.zdf ?? item.zdf;
  const series = mergeSeries(item.hundred, fetchedAtMs, quote?.tail);
  return (
    <li ref={ref} className={action ? 'mkt-row-with-action' : undefined}>
      <Link to={detailHref(item)} className="mkt-row" data-testid="market-row" data-code={item.code}>
        <span className="mkt-name">
          <InstrumentLogo src={item.logo} code={item.code} size={variant === 'compact' ? 26 : 32} />
          <span className="mkt-names">
            <span className="mkt-code">
              <PairName appName={item.appName} />
              {item.etf && <span className="badge badge-neutral mkt-etf">{t('common.etf')}</span>}
            </span>
            {/* Latin names keep their own direction in Arabic, so the ellipsis cuts their end, not their start. */}
            <span className="mkt-long" dir="auto">
              {item.name}
            </span>
          </span>
        </span>
        <span className="mkt-spark">
          <Sparkline
            values={series}
            trend={trendOf(zdf)}
            label={t('common.trendLabel', { name: item.appName })}
          />
        </span>
        <span className="mkt-price">
          <Price
            value={price}
            source={quote?.source ?? item.source}
            status={quote?.priceStatus ?? item.priceStatus}
            priceAt={quote ? quote.priceAt : item.priceAt}
            direction={quote?.direction ?? 0}
            flashKey={quote?.seq}
            closedShown
          />
        </span>
        <span className="mkt-change">
          {item.tradable ? <Change zdf={zdf} pill={variant === 'compact'} /> : <ClosedBadge item={item} />}
        </span>
        {variant === 'full' && (
          <>
            <span className="mkt-wide mkt-high num">{formatPrice(item.high24h, locale)}</span>
            <span className="mkt-wide mkt-low num">{formatPrice(item.low24h, locale)}</span>
            <span className="mkt-wide mkt-volume num">{formatCompact(turnover(item), locale)}</span>
          </>
        )}
      </Link>
      {action}
    </li>
  );
});

export function MarketRows({
  items,
  fetchedAtMs,
  variant,
  labelledBy,
  liveOnScreenOnly = false,
  sort,
  onSort,
  rowAction,
}: {
  items: readonly MarketItem[];
  fetchedAtMs: number;
  variant: RowsVariant;
  labelledBy?: string;
  /** Live prices only for the rows on screen: for long lists (live/onScreen.ts says why). */
  liveOnScreenOnly?: boolean;
  /** The list's order, and what a header click asks for (the market page; home has fixed rows). */
  sort?: Sort | undefined;
  onSort?: (key: SortKey) => void;
  /** A control beside each row, outside its link (the watchlist star of the search's fallback). */
  rowAction?: (item: MarketItem) => ReactNode;
}) {
  const { t } = useTranslation('market');
  const head = { sort, onSort };
  return (
    <PriceList sources={items.map((item) => item.source)}>
      <div className={`mkt mkt-${variant}`}>
        {variant === 'full' && (
          <div className="mkt-head" role="row" data-testid="market-head">
            <Header column="name" label={t('common.columns.name')} {...head} />
            <Header label={t('common.columns.trend')} className="mkt-spark" />
            <Header column="price" label={t('common.columns.price')} className="mkt-price" {...head} />
            <Header column="change" label={t('common.columns.change')} className="mkt-change" {...head} />
            <Header label={t('common.columns.high')} className="mkt-wide mkt-high" />
            <Header label={t('common.columns.low')} className="mkt-wide mkt-low" />
            <Header
              column="volume"
              label={t('common.columns.turnover')}
              className="mkt-wide mkt-volume"
              {...head}
            />
          </div>
        )}
        <ul className="mkt-rows" aria-labelledby={labelledBy} data-testid="market-rows">
          {items.map((item) => (
            <MarketRow
              key={item.code}
              item={item}
              fetchedAtMs={fetchedAtMs}
              variant={variant}
              liveOnScreenOnly={liveOnScreenOnly}
              action={rowAction?.(item)}
            />
          ))}
        </ul>
      </div>
    </PriceList>
  );
}

/** Placeholder rows while the list loads, the same height as real ones (no jump). */
export function MarketRowsSkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('market');
  return (
    <div className="mkt" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className="mkt-rows" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="mkt-row mkt-row-skeleton">
            <span className="mkt-name">
              <span className="skeleton skeleton-round" />
              <span className="skeleton" />
            </span>
            <span className="mkt-spark">
              <span className="skeleton" />
            </span>
            <span className="mkt-price">
              <span className="skeleton" />
            </span>
            <span className="mkt-change">
              <span className="skeleton skeleton-short" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
