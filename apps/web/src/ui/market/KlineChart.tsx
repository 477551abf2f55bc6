// The K-line chart of the currency detail (DESIGN.md §6): lightweight-charts candlesticks in the main pane
// with the chosen moving averages over them, volume in a pane of its own with its own scale, an OHLC
// readout that follows the crosshair (hover or tap), in the theme's colours, labels through Intl in the
// user's language and time zone. Loaded lazily: only the detail page pays for the library. Time runs left
// to right in every language.
import { useEffect, useRef, useState } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, KlinePeriod } from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n';
import { useTheme } from '../../app/theme.ts';
import type { LiveQuote } from '../../live/store.ts';
import { toChartNumber } from './chartNumber.ts';
import { dateTimeFormat } from './format.ts';
import { overlays, overlayValues, type Overlay } from './indicators.ts';
import { candleWithTick, periodMs } from './kline.ts';
import { ChartReadout } from './ChartReadout.tsx';

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

const timeFormatter = (locale: Locale) => (time: Time) =>
  dateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(
    secondsOf(time),
  );

/**
 * Axis labels per scale: prices at the instrument's scale, volumes compact ("30K"). Set per series, not
 * chart-wide: a chart-wide price formatter would write the volume scale as prices too.
 */
function priceFormats(locale: Locale, priceScale: number) {
  const digits = Math.min(Math.max(priceScale, 0), 12);
  const price = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const volume = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
  const minMove = 10 ** -digits;
  return {
    price: { type: 'custom' as const, minMove, formatter: (value: number) => price.format(value) },
    volume: { type: 'custom' as const, minMove: 1, formatter: (value: number) => volume.format(value) },
  };
}

export type KlineChartProps = {
  candles: readonly Candle[];
  period: KlinePeriod;
  priceScale: number;
  locale: Locale;
  live: LiveQuote | undefined;
  label: string;
  /** Ids of the overlays drawn (indicators.ts `overlays`). */
  shown: readonly string[];
  /** What a candle's volume counts (getMarketInfo `volumeUnit`), named beside it in the readout. */
  volumeUnit: string;
};

type Handles = {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  lines: ReadonlyMap<string, { overlay: Overlay; series: ISeriesApi<'Line'> }>;
};

/** What is drawn, in wire strings (the readout's prices) and in numbers (the overlays' inputs). */
type Drawn = { candles: Candle[]; closes: number[]; indexByTime: Map<number, number> };

function createHandles(box: HTMLElement): Handles {
  const c = colours();
  const chart = createChart(box, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: c.text,
      panes: { separatorColor: c.grid, enableResize: false },
    },
    grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
    crosshair: { mode: CrosshairMode.Normal },
    // Room for the widest price label of the scale, so none is cut at the edge.
    rightPriceScale: { borderVisible: false, minimumWidth: 72, entireTextOnly: true },
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: c.up,
    downColor: c.down,
    wickUpColor: c.up,
    wickDownColor: c.down,
    borderVisible: false,
  });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.06 } });
  const lines = new Map<string, { overlay: Overlay; series: ISeriesApi<'Line'> }>();
  for (const overlay of overlays) {
    const series = chart.addSeries(LineSeries, {
      color: overlay.colour,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
      visible: false,
    });
    lines.set(overlay.id, { overlay, series });
  }
  // Pane 1: the volume, on its own scale (its labels no longer sit among the prices).
  const volume = chart.addSeries(
    HistogramSeries,
    { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
    1,
  );
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0 } });
  chart.panes()[0]?.setStretchFactor(3);
  chart.panes()[1]?.setStretchFactor(1);
  return { chart, candles, volume, lines };
}

function drawOverlays(handles: Handles, drawn: Drawn): void {
  for (const { overlay, series } of handles.lines.values()) {
    const values = overlayValues(overlay, drawn.closes);
    series.setData(
      drawn.candles.map((candle, i) => {
        const value = values[i];
        const time = chartTime(candle.time);
        return value === undefined ? { time } : { time, value };
      }),
    );
  }
}

export default function KlineChart({
  candles,
  period,
  priceScale,
  locale,
  live,
  label,
  shown,
  volumeUnit,
}: KlineChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const handlesRef = useRef<Handles | null>(null);
  const drawnRef = useRef<Drawn>({ candles: [], closes: [], indexByTime: new Map() });
  // The candle under the crosshair; none: the readout shows the latest.
  const [pointed, setPointed] = useState<Candle | undefined>(undefined);
  const [latest, setLatest] = useState<Candle | undefined>(undefined);
  const [previousClose, setPreviousClose] = useState<string | undefined>(undefined);
  const theme = useTheme();

  // One chart per mount.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const handles = createHandles(box);
    handlesRef.current = handles;
    const candleAt = (time: Time | undefined) => {
      const index = time === undefined ? undefined : drawnRef.current.indexByTime.get(Number(time));
      return index === undefined ? undefined : drawnRef.current.candles[index];
    };
    // Hover (and the crosshair a long press shows on a phone).
    const onMove = (param: MouseEventParams<Time>) => setPointed(candleAt(param.time));
    // A tap on a phone: the crosshair jumps to the candle tapped, and the readout shows it.
    const onClick = (param: MouseEventParams<Time>) => {
      const candle = candleAt(param.time);
      if (!candle || param.time === undefined) return;
      setPointed(candle);
      handles.chart.setCrosshairPosition(toChartNumber(candle.close), param.time, handles.candles);
    };
    handles.chart.subscribeCrosshairMove(onMove);
    handles.chart.subscribeClick(onClick);
    return () => {
      handles.chart.unsubscribeCrosshairMove(onMove);
      handles.chart.unsubscribeClick(onClick);
      handlesRef.current = null;
      handles.chart.remove();
    };
  }, []);

  // Theme and language: colours and labels.
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    const c = colours();
    const formats = priceFormats(locale, priceScale);
    handles.chart.applyOptions({
      layout: { textColor: c.text, panes: { separatorColor: c.grid } },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      localization: { locale, timeFormatter: timeFormatter(locale) },
      timeScale: { tickMarkFormatter: (time: Time, type: TickMarkType) => tickLabel(locale, time, type) },
    });
    handles.candles.applyOptions({
      upColor: c.up,
      downColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      priceFormat: formats.price,
    });
    handles.volume.applyOptions({ priceFormat: formats.volume });
    for (const { series } of handles.lines.values()) series.applyOptions({ priceFormat: formats.price });
  }, [theme, locale, priceScale]);

  // The overlays picked.
  const shownKey = shown.join(',');
  useEffect(() => {
    const handles = handlesRef.current;
    if (!handles) return;
    for (const [id, { series }] of handles.lines) series.applyOptions({ visible: shown.includes(id) });
    if (boxRef.current) boxRef.current.dataset.overlays = shownKey;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the list
  }, [shownKey]);

  // A new series (first load, another period).
  useEffect(() => {
    const handles = handlesRef.current;
    const box = boxRef.current;
    if (!handles || !box) return;
    const kept = candles.filter((candle) => Number.isFinite(toChartNumber(candle.close)));
    const drawn: Drawn = {
      candles: [...kept],
      closes: kept.map((candle) => toChartNumber(candle.close)),
      indexByTime: new Map(kept.map((candle, i) => [chartTime(candle.time), i])),
    };
    drawnRef.current = drawn;
    const c = colours();
    handles.candles.setData(kept.map((candle) => ({ time: chartTime(candle.time), ...ohlc(candle) })));
    handles.volume.setData(
      kept.map((candle) => ({
        time: chartTime(candle.time),
        value: toChartNumber(candle.volume),
        color: faded(toChartNumber(candle.close) >= toChartNumber(candle.open) ? c.up : c.down),
      })),
    );
    drawOverlays(handles, drawn);
    const inView = box.clientWidth < 600 ? visibleBars.narrow : visibleBars.wide;
    // A short series (a market with few sessions in range) fills the width instead of sitting at the end.
    if (kept.length <= inView) handles.chart.timeScale().fitContent();
    else
      handles.chart.timeScale().setVisibleLogicalRange({ from: kept.length - inView, to: kept.length + 2 });
    setLatest(kept.at(-1));
    setPreviousClose(kept.at(-2)?.close);
    setPointed(undefined);
    // What is drawn, for the browser tests and for debugging.
    box.dataset.period = period;
    box.dataset.bars = String(kept.length);
    box.dataset.panes = String(handles.chart.panes().length);
    box.dataset.last = kept.at(-1)?.close ?? '';
  }, [candles, period]);

  // Live ticks move the newest candle (and the overlays' newest point).
  const seq = live?.seq;
  useEffect(() => {
    const handles = handlesRef.current;
    const box = boxRef.current;
    const drawn = drawnRef.current;
    if (!handles || !box || !live) return;
    const last = drawn.candles.at(-1);
    const next = candleWithTick(last, periodMs[period], live.price, live.atMs);
    if (!last || !next) return;
    const time = chartTime(next.time);
    if (next.time === last.time) {
      drawn.candles[drawn.candles.length - 1] = next;
      drawn.closes[drawn.closes.length - 1] = toChartNumber(next.close);
    } else {
      setPreviousClose(last.close);
      drawn.candles.push(next);
      drawn.closes.push(toChartNumber(next.close));
      drawn.indexByTime.set(time, drawn.candles.length - 1);
      handles.volume.update({ time, value: 0 });
    }
    handles.candles.update({ time, ...ohlc(next) });
    for (const { overlay, series } of handles.lines.values()) {
      const value = overlayValues(overlay, drawn.closes).at(-1);
      if (value !== undefined) series.update({ time, value });
    }
    setLatest(next);
    box.dataset.last = next.close;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one update per tick, not per render
  }, [seq, period]);

  const readout = pointed ?? latest;
  const pointedIndex = pointed ? drawnRef.current.indexByTime.get(chartTime(pointed.time)) : undefined;
  const before =
    pointedIndex !== undefined ? drawnRef.current.candles[pointedIndex - 1]?.close : previousClose;
  return (
    <div className="kline-frame">
      {readout && (
        <ChartReadout
          candle={readout}
          previousClose={before}
          locale={locale}
          pointed={pointed !== undefined}
          volumeUnit={volumeUnit}
          timeLabel={timeFormatter(locale)(chartTime(readout.time))}
        />
      )}
      <div
        ref={boxRef}
        className="kline-box"
        dir="ltr"
        role="img"
        aria-label={label}
        data-testid="kline-chart"
      />
    </div>
  );
}

function ohlc(candle: Candle) {
  return {
    open: toChartNumber(candle.open),
    high: toChartNumber(candle.high),
    low: toChartNumber(candle.low),
    close: toChartNumber(candle.close),
  };
}
