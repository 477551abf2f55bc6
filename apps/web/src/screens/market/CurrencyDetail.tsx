// Currency detail (/cruuency?code&type&id, spec.md §2): live price header, K-line chart with a period
// switcher, 24 h figures, trading hours with the open/closed state, contract terms (read-only until
// contracts open here) and the watchlist star. The price labels itself "Simulated data" when it is.
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { klinePeriods, type KlinePeriod, type MarketInfo } from '@tradewind/contract';
import { ApiError } from '../../api/client.ts';
import { instrumentCodePattern, useKlines, useMarketInfo } from '../../api/market.ts';
import { layout } from '../../app/device.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useLiveQuote } from '../../live/hooks.ts';
import { maxDecimal, minDecimal } from '@tradewind/contract/money';
import type { LiveQuote } from '../../live/store.ts';
import { EmptyState, ErrorNote, Page } from '../../ui/kit.tsx';
import { InstrumentLogo } from '../../ui/market/InstrumentLogo.tsx';
import { Change, Price } from '../../ui/market/PriceCell.tsx';
import { formatCompact, formatDuration, formatPrice } from '../../ui/market/format.ts';
import { categoryOf } from './categories.ts';
import { HoursCard, TermsCard } from './DetailCards.tsx';
import { WatchStar } from './WatchStar.tsx';
import '../../ui/market/market.css';

const KlineChart = lazy(() => import('../../ui/market/KlineChart.tsx'));

const defaultPeriod: KlinePeriod = '15m';
const periodSeconds: Record<KlinePeriod, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1_800,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
  '1w': 604_800,
};

function PriceHeader({ info, quote }: { info: MarketInfo; quote: LiveQuote | undefined }) {
  const { t } = useTranslation('market');
  return (
    <div className="detail-price" aria-live="off">
      <span className="visually-hidden">{t('detail.lastPrice')}</span>
      <Price
        value={quote?.price ?? info.nowPrice}
        source={quote?.source ?? info.source}
        direction={quote?.direction ?? 0}
        flashKey={quote?.seq}
        className="price-big"
      />
      <span className="unit">{info.quote}</span>
      <span className="visually-hidden">{t('detail.change24h')}</span>
      <Change zdf={quote?.zdf ?? info.zdf} pill />
    </div>
  );
}

function DayFigures({ info, quote }: { info: MarketInfo; quote: LiveQuote | undefined }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  // Between refreshes of the info a live price can pass the day's high or low.
  const high = quote ? maxDecimal(info.high24h, quote.price) : info.high24h;
  const low = quote ? minDecimal(info.low24h, quote.price) : info.low24h;
  const figures = [
    { id: 'open', label: t('detail.open24h'), value: formatPrice(info.open24h, locale) },
    { id: 'high', label: t('detail.high24h'), value: formatPrice(high, locale) },
    { id: 'low', label: t('detail.low24h'), value: formatPrice(low, locale) },
    { id: 'volume', label: t('detail.volume24h'), value: formatCompact(info.volume24h, locale) },
  ];
  return (
    <dl className="day-figures" aria-label={t('detail.stats')}>
      {figures.map((f) => (
        <div key={f.id} data-testid={`day-${f.id}`}>
          <dt>{f.label}</dt>
          <dd className="num">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ChartCard({ info, quote }: { info: MarketInfo; quote: LiveQuote | undefined }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  const [period, setPeriod] = useState<KlinePeriod>(defaultPeriod);
  const klines = useKlines(info.code, period);
  const drawn = klines.data;
  const fallback = (
    <div className="kline-box kline-wait" role="status">
      <span className="visually-hidden">{t('detail.chart.loading')}</span>
    </div>
  );
  return (
    <section className="card chart-card" aria-label={t('detail.chart.label', { name: info.appName })}>
      <div className="chips period-chips" role="group" aria-label={t('detail.chart.period')}>
        {klinePeriods.map((p) => (
          <button
            key={p}
            type="button"
            className={p === period ? 'chip chip-on' : 'chip'}
            aria-pressed={p === period}
            data-period={p}
            onClick={() => setPeriod(p)}
          >
            {/* The name holds the visible label ("15m"), for voice control, then the long form for screen
                readers. */}
            {formatDuration(periodSeconds[p], locale, 'narrow')}
            <span className="visually-hidden"> ({formatDuration(periodSeconds[p], locale, 'long')})</span>
          </button>
        ))}
      </div>
      {klines.isError && !drawn ? (
        <ErrorNote message={t('common.loadFailed')} />
      ) : !drawn ? (
        fallback
      ) : drawn.candles.length === 0 ? (
        <EmptyState title={t('detail.chart.empty')} />
      ) : (
        <Suspense fallback={fallback}>
          <KlineChart
            candles={drawn.candles}
            period={drawn.period}
            priceScale={info.priceScale}
            locale={locale}
            live={quote}
            label={t('detail.chart.label', { name: info.appName })}
          />
        </Suspense>
      )}
      <DayFigures info={info} quote={quote} />
    </section>
  );
}

function Detail({ info }: { info: MarketInfo }) {
  const { t } = useTranslation('market');
  const quote = useLiveQuote(info.code);
  const category = categoryOf(info);
  return (
    <Page
      title={info.appName}
      intro={
        <span className="detail-intro">
          <span>{info.name}</span>
          {category && <span className="badge badge-neutral">{t(`categories.${category.id}`)}</span>}
        </span>
      }
      actions={
        // The mobile top bar has a back button; desktop gets a way back to the list.
        layout === 'desktop' ? (
          <Link to={`/market?type=${category?.param ?? ''}`} className="btn btn-secondary btn-small">
            {t('detail.allMarkets')}
          </Link>
        ) : undefined
      }
    >
      <div className="detail-head">
        <InstrumentLogo src={info.logo} code={info.code} size={44} />
        <PriceHeader info={info} quote={quote} />
        <WatchStar code={info.code} />
      </div>
      <div className="detail-grid market-detail-grid">
        <ChartCard info={info} quote={quote} />
        <div className="detail-side">
          <HoursCard info={info} />
          <TermsCard info={info} />
        </div>
      </div>
    </Page>
  );
}

export default function CurrencyDetail() {
  const { t } = useTranslation('market');
  const [search] = useSearchParams();
  const code = (search.get('code') ?? '').trim().toUpperCase();
  const valid = instrumentCodePattern.test(code);
  const info = useMarketInfo(code);
  if (valid && info.data) return <Detail info={info.data} />;
  const notFound = !valid || (info.error instanceof ApiError && info.error.httpStatus === 404);
  return (
    <Page title={valid ? code : t('detail.unknownTitle')}>
      {notFound ? (
        <EmptyState title={t('detail.unknownTitle')} text={t('detail.unknownText')}>
          <Link to="/market" className="btn btn-secondary btn-small">
            {t('detail.allMarkets')}
          </Link>
        </EmptyState>
      ) : info.isError ? (
        <EmptyState title={t('common.loadFailed')}>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void info.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : (
        <div className="detail-grid" aria-busy="true">
          <div className="card chart-card">
            <div className="kline-box kline-wait" />
          </div>
        </div>
      )}
    </Page>
  );
}
