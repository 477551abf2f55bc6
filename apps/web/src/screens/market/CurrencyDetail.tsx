// Currency detail (/cruuency?code&type&id, spec.md §2): live price header with the closed state and the
// next opening, the K-line chart (periods, MA/EMA overlays, OHLC readout, fullscreen) taking most of the
// width, and beside it (below on a phone) the trade side, trading hours and contract terms; 24 h figures
// and the watchlist star. The price labels itself "Simulated data" when it is; the tab names the price.
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { klinePeriods, type KlinePeriod, type MarketInfo } from '@tradewind/contract';
import { ApiError } from '../../api/client.ts';
import { instrumentCodePattern, useKlines, useMarketInfo } from '../../api/market.ts';
import { layout } from '../../app/device.ts';
import { useDocumentTitle, useThrottled } from '../../app/documentTitle.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useLiveQuote } from '../../live/hooks.ts';
import { maxDecimal, minDecimal } from '@tradewind/contract/money';
import type { LiveQuote } from '../../live/store.ts';
import { EmptyState, ErrorNote, Page } from '../../ui/kit.tsx';
import { InstrumentLogo } from '../../ui/market/InstrumentLogo.tsx';
import { Change, Price } from '../../ui/market/PriceCell.tsx';
import { formatCompact, formatDuration, formatMoment, formatPrice } from '../../ui/market/format.ts';
import { useFullscreen } from '../../ui/market/fullscreen.ts';
import { defaultOverlays, overlays } from '../../ui/market/indicators.ts';
import { TradeSide } from '../trade/TradeSide.tsx';
import { categoryOf } from './categories.ts';
import { HoursCard, TermsCard } from './DetailCards.tsx';
import { WatchStar } from './WatchStar.tsx';
import '../../ui/market/market.css';

const KlineChart = lazy(() => import('../../ui/market/KlineChart.tsx'));

const defaultPeriod: KlinePeriod = '15m';
const titleIntervalMs = 1_000;
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
        status={quote?.priceStatus ?? info.priceStatus}
        priceAt={quote ? quote.priceAt : info.priceAt}
        direction={quote?.direction ?? 0}
        flashKey={quote?.seq}
        className="price-big"
        closedShown={!info.tradable}
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
    {
      id: 'volume',
      label: t('detail.volume24h'),
      value: formatCompact(info.volume24h, locale),
      unit: info.volumeUnit,
    },
  ];
  return (
    <dl className="day-figures" aria-label={t('detail.stats')}>
      {figures.map((f) => (
        <div key={f.id} data-testid={`day-${f.id}`}>
          <dt>{f.label}</dt>
          <dd className="num">
            {f.value}
            {'unit' in f && <span className="unit"> {f.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Expand / collapse corners, drawn here (one use). */
function FullscreenIcon({ full }: { full: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {full ? (
        <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
      ) : (
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      )}
    </svg>
  );
}

function OverlayChips({ shown, onToggle }: { shown: readonly string[]; onToggle: (id: string) => void }) {
  const { t } = useTranslation('market');
  return (
    <div className="chips overlay-chips" role="group" aria-label={t('detail.chart.overlays')}>
      {overlays.map((o) => {
        const on = shown.includes(o.id);
        return (
          <button
            key={o.id}
            type="button"
            className={on ? 'chip chip-on' : 'chip'}
            aria-pressed={on}
            data-overlay={o.id}
            onClick={() => onToggle(o.id)}
          >
            <span className="overlay-swatch" style={{ background: o.colour }} aria-hidden="true" />
            <span dir="ltr">{`${o.kind === 'ma' ? 'MA' : 'EMA'}(${o.length})`}</span>
            <span className="visually-hidden">
              {' '}
              {t(o.kind === 'ma' ? 'detail.chart.maLong' : 'detail.chart.emaLong', { n: o.length })}
            </span>
          </button>
        );
      })}
    </div>
  );
}

function PeriodChips({ period, onPick }: { period: KlinePeriod; onPick: (p: KlinePeriod) => void }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  return (
    <div className="chips period-chips" role="group" aria-label={t('detail.chart.period')}>
      {klinePeriods.map((p) => (
        <button
          key={p}
          type="button"
          className={p === period ? 'chip chip-on' : 'chip'}
          aria-pressed={p === period}
          data-period={p}
          onClick={() => onPick(p)}
        >
          {/* The name holds the visible label ("15m"), for voice control, then the long form for screen
              readers. */}
          {formatDuration(periodSeconds[p], locale, 'narrow')}
          <span className="visually-hidden"> ({formatDuration(periodSeconds[p], locale, 'long')})</span>
        </button>
      ))}
    </div>
  );
}

function ChartCard({ info, quote }: { info: MarketInfo; quote: LiveQuote | undefined }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  const [period, setPeriod] = useState<KlinePeriod>(defaultPeriod);
  const [shown, setShown] = useState<readonly string[]>(defaultOverlays);
  const cardRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(cardRef);
  const klines = useKlines(info.code, period);
  const drawn = klines.data;
  const toggle = (id: string) =>
    setShown((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const fallback = (
    <div className="kline-box kline-wait" role="status">
      <span className="visually-hidden">{t('detail.chart.loading')}</span>
    </div>
  );
  return (
    <section
      ref={cardRef}
      className={`card chart-card${fullscreen.fallback ? ' chart-card-full' : ''}`}
      aria-label={t('detail.chart.label', { name: info.appName })}
      data-testid="chart-card"
      data-fullscreen={fullscreen.full}
    >
      <div className="chart-toolbar">
        <PeriodChips period={period} onPick={setPeriod} />
        <OverlayChips shown={shown} onToggle={toggle} />
        <button
          type="button"
          className="btn btn-secondary btn-small chart-full-btn"
          aria-pressed={fullscreen.full}
          onClick={fullscreen.toggle}
          data-testid="chart-fullscreen"
        >
          <FullscreenIcon full={fullscreen.full} />
          <span className="visually-hidden">
            {fullscreen.full ? t('detail.chart.exitFullscreen') : t('detail.chart.fullscreen')}
          </span>
        </button>
      </div>
      {klines.isError && !drawn ? (
        <div className="kline-box kline-error" data-testid="chart-error">
          <ErrorNote message={t('detail.chart.failed')} />
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void klines.refetch()}>
            {t('common.retry')}
          </button>
        </div>
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
            // A closed market's pushes repeat its last price: they would draw a flat candle at "now".
            live={info.tradable ? quote : undefined}
            label={t('detail.chart.label', { name: info.appName })}
            shown={shown}
            volumeUnit={info.volumeUnit}
          />
        </Suspense>
      )}
      {!fullscreen.full && <DayFigures info={info} quote={quote} />}
    </section>
  );
}

/** "Closed · opens Mon 15:30": in the price header, above the fold on a phone. */
function MarketState({ info }: { info: MarketInfo }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  if (info.tradable) return null;
  return (
    <p className="detail-closed" data-testid="detail-closed" role="status">
      <span className="badge badge-neutral">{t('detail.hours.closed')}</span>
      {info.nextOpenAt !== undefined && (
        <span className="muted small">
          {t('detail.hours.nextOpen', { time: formatMoment(info.nextOpenAt, locale) })}
        </span>
      )}
    </p>
  );
}

/** "BTC/USDT 67,012.5 · Tradewind", following the live price at most once a second. */
function useDetailTitle(info: MarketInfo, quote: LiveQuote | undefined): void {
  const price = useThrottled(quote?.price ?? info.nowPrice, titleIntervalMs);
  useDocumentTitle(`${info.appName} ${formatPrice(price, currentLocale())}`);
}

function Detail({ info }: { info: MarketInfo }) {
  const { t } = useTranslation('market');
  const quote = useLiveQuote(info.code);
  const category = categoryOf(info);
  useDetailTitle(info, quote);
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
        <InstrumentLogo src={info.logo} code={info.code} size={layout === 'mobile' ? 32 : 44} />
        <div className="detail-head-main">
          <PriceHeader info={info} quote={quote} />
          <MarketState info={info} />
        </div>
        <WatchStar code={info.code} />
      </div>
      <div className="trade-layout">
        <div className="trade-main">
          <ChartCard info={info} quote={quote} />
        </div>
        <aside className="trade-side" aria-label={t('detail.sideLabel')}>
          <TradeSide info={info} />
          <HoursCard info={info} />
          <TermsCard info={info} />
        </aside>
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
