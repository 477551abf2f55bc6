// The K-line chart of the currency detail (DESIGN.md §6): lightweight-charts candlesticks with volume
// below, in the theme's colours, labels through Intl in the user's language and time zone. Loaded lazily:
// only the detail page pays for the library. Time runs left to right in every language.
import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, KlinePeriod } from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n';
import { useTheme } from '../../app/theme.ts';
import type { LiveQuote } from '../../live/store.ts';
import { toChartNumber } from './chartNumber.ts';
import { dateTimeFormat } from './format.ts';
import { barWithTick, periodMs, toBars, type Bar } from './kline.ts';

/** Bars in view at first; the rest is a scroll away. */
const visibleBars = { narrow: 60, wide: 120 };

/**
 * The chart draws timestamps as UTC; shifting each one by the local offset makes its axis show the
 * user's wall-clock time (DST included, per bar), and every label is then formatted in UTC.
 */
function chartTime(epochMs: number): UTCTimestamp {
  const offsetMs = new Date(epochMs).getTimezoneOffset() * 60_000;
  return Math.floor((epochMs - offsetMs) / 1000) as UTCTimestamp;
}

function secondsOf(time: Time): number {
  return typeof time === 'number' ? time * 1000 : 0;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** "#22c55e" → "#22c55e66" (the volume bars are the candle colours, faded); other notations as they are. */
function faded(colour: string): string {
  return /^#[0-9a-f]{6}$/i.test(colour) ? `${colour}66` : colour;
}

function colours() {
  return {
    text: cssVar('--text-muted'),
    grid: cssVar('--border'),
    up: cssVar('--up'),
    down: cssVar('--down'),
  };
}

function tickLabel(locale: Locale, time: Time, type: TickMarkType): string {
  const at = secondsOf(time);
  const utc = { timeZone: 'UTC' } as const;
  switch (type) {
    case TickMarkType.Year:
      return dateTimeFormat(locale, { ...utc, year: 'numeric' }).format(at);
    case TickMarkType.Month:
      return dateTimeFormat(locale, { ...utc, month: 'short' }).format(at);
    case TickMarkType.DayOfMonth:
      return dateTimeFormat(locale, { ...utc, day: 'numeric', month: 'short' }).format(at);
    default:
      return dateTimeFormat(locale, { ...utc, hour: '2-digit', minute: '2-digit' }).format(at);
  }
}

function localization(locale: Locale, priceScale: number) {
  const digits = Math.min(Math.max(priceScale, 0), 12);
  const price = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return {
    locale,
    priceFormatter: (value: number) => price.format(value),
    timeFormatter: (time: Time) =>
      dateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(
        secondsOf(time),
      ),
  };
}

export type KlineChartProps = {
  candles: readonly Candle[];
  period: KlinePeriod;
  priceScale: number;
  locale: Locale;
  live: LiveQuote | undefined;
  label: string;
};

type Handles = {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
};

export default function KlineChart({ candles, period, priceScale, locale, live, label }: KlineChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const handlesRef = useRef<Handles | null>(null);
  const lastBarRef = useRef<Bar | undefined>(undefined);
  const theme = useTheme();

  // One chart per mount.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const c = colours();
    const chart = createChart(box, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: c.text },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
    });
    const candleSeries = chart.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      borderVisible: false,
    });
    candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.28 } });
    const volume = chart.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    handlesRef.current = { chart, candles: candleSeries, volume };
    return () => {
      handlesRef.current = null;
      chart.remove();
    };
  }, []);

  // Theme and language: colours and labels.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const c = colours();
    handles.chart.applyOptions({
      layout: { textColor: c.text },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      localization: localization(locale, priceScale),
      timeScale: { tickMarkFormatter: (time: Time, type: TickMarkType) => tickLabel(locale, time, type) },
    });
    handles.candles.applyOptions({
      upColor: c.up,
      downColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      priceFormat: { type: 'price', precision: priceScale, minMove: 10 ** -Math.min(priceScale, 12) },
    });
  }, [theme, locale, priceScale]);

  // A new series (first load, another period).
  useEffect(() => {
    const handles = handlesRef.current;
    const box = boxRef.current;
    if (!handles || !box) return;
    const bars = toBars(candles).filter((b) => Number.isFinite(b.close));
    const c = colours();
    handles.candles.setData(
      bars.map((b) => ({ time: chartTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close })),
    );
    handles.volume.setData(
      bars.map((b) => ({
        time: chartTime(b.time),
        value: b.volume,
        color: faded(b.close >= b.open ? c.up : c.down),
      })),
    );
    const inView = box.clientWidth < 600 ? visibleBars.narrow : visibleBars.wide;
    // A short series (a market with few sessions in range) fills the width instead of sitting at the end.
    if (bars.length <= inView) handles.chart.timeScale().fitContent();
    else
      handles.chart.timeScale().setVisibleLogicalRange({ from: bars.length - inView, to: bars.length + 2 });
    lastBarRef.current = bars.at(-1);
    // What is drawn, for the browser tests and for debugging.
    box.dataset.period = period;
    box.dataset.bars = String(bars.length);
    box.dataset.last = String(bars.at(-1)?.close ?? '');
  }, [candles, period]);

  // Live ticks move the newest candle.
  const seq = live?.seq;
  useEffect(() => {
    const handles = handlesRef.current;
    const box = boxRef.current;
    if (!handles || !box || !live) return;
    const bar = barWithTick(lastBarRef.current, periodMs[period], toChartNumber(live.price), live.atMs);
    if (!bar) return;
    handles.candles.update({
      time: chartTime(bar.time),
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
    });
    lastBarRef.current = bar;
    box.dataset.last = String(bar.close);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one update per tick, not per render
  }, [seq, period]);

  return (
    <div
      ref={boxRef}
      className="kline-box"
      dir="ltr"
      role="img"
      aria-label={label}
      data-testid="kline-chart"
    />
  );
}
