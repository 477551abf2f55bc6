// Rows of market items shared by the home page, the market page and the watchlist: logo and names, a live
// sparkline, the live price (flashing on change, labelled when simulated) and the 24 h change. A row opens
// the currency detail.
import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketItem } from '@tradewind/contract';
import { useLiveQuote } from '../../live/hooks.ts';
import { useOnScreen } from '../../live/onScreen.ts';
import { mergeSeries } from '../../live/store.ts';
import { InstrumentLogo } from '../../ui/market/InstrumentLogo.tsx';
import { Change, Price, PriceList, trendOf } from '../../ui/market/PriceCell.tsx';
import { Sparkline } from '../../ui/market/Sparkline.tsx';
import { detailHref } from './categories.ts';
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

const MarketRow = memo(function MarketRow({
  item,
  fetchedAtMs,
  variant,
  liveOnScreenOnly,
}: {
  item: MarketItem;
  fetchedAtMs: number;
  variant: RowsVariant;
  liveOnScreenOnly: boolean;
}) {
  const { t } = useTranslation('market');
  const [ref, onScreen] = useOnScreen<HTMLLIElement>();
  // Off screen, a row of a long list keeps the list's price and sparkline and costs nothing per message.
  const quote = useLiveQuote(!liveOnScreenOnly || onScreen ? item.code : undefined);
  const price = quote?.price ?? item.nowPrice;
  const zdf = quote?.zdf ?? item.zdf;
  const series = mergeSeries(item.hundred, fetchedAtMs, quote?.tail);
  return (
    <li ref={ref}>
      <Link to={detailHref(item)} className="mkt-row" data-testid="market-row" data-code={item.code}>
        <span className="mkt-name">
          <InstrumentLogo src={item.logo} code={item.code} size={variant === 'compact' ? 26 : 32} />
          <span className="mkt-names">
            <span className="mkt-code">
              <PairName appName={item.appName} />
              {item.etf && <span className="badge badge-neutral mkt-etf">{t('common.etf')}</span>}
            </span>
            <span className="mkt-long">{item.name}</span>
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
            direction={quote?.direction ?? 0}
            flashKey={quote?.seq}
          />
        </span>
        <span className="mkt-change">
          <Change zdf={zdf} pill={variant === 'compact'} />
        </span>
      </Link>
    </li>
  );
});

export function MarketRows({
  items,
  fetchedAtMs,
  variant,
  labelledBy,
  liveOnScreenOnly = false,
}: {
  items: readonly MarketItem[];
  fetchedAtMs: number;
  variant: RowsVariant;
  labelledBy?: string;
  /** Live prices only for the rows on screen: for long lists (live/onScreen.ts says why). */
  liveOnScreenOnly?: boolean;
}) {
  const { t } = useTranslation('market');
  return (
    <PriceList sources={items.map((item) => item.source)}>
      <div className={`mkt mkt-${variant}`}>
        {variant === 'full' && (
          <div className="mkt-head" aria-hidden="true">
            <span>{t('common.columns.name')}</span>
            <span className="mkt-spark">{t('common.columns.trend')}</span>
            <span className="mkt-price">{t('common.columns.price')}</span>
            <span className="mkt-change">{t('common.columns.change')}</span>
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
