// The dashboard's two charts, drawn with lightweight-charts (the customer app's chart library). This module is
// loaded lazily by Dashboard.tsx, so the library never weighs on the back office's first load. The charts are
// pictures of the series; the exact figures are in the table under them (Dashboard.tsx).
import { useEffect, useRef, useState } from 'react';
import {
  ColorType,
  HistogramSeries,
  LineSeries,
  createChart,
  type IChartApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { DashboardDay } from '@tradewind/contract';
import { intlLocale, useT } from '../i18n/i18n.ts';

const colours = { deposits: '#166a3e', withdrawals: '#b3261e', customers: '#0e5f8a' };

/** A UTC day as the chart's time (seconds at 00:00 UTC). */
const timeOf = (day: string) => (Date.parse(`${day}T00:00:00Z`) / 1000) as UTCTimestamp;

/**
 * A decimal string as a number for drawing only: a bar's height needs no more than a float, and no figure
 * shown as a number comes from here.
 */
const plotted = (decimal: string) => Number(decimal);

/** Whether this browser draws on a canvas; lightweight-charts draws nothing without one. */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * A chart in the box, redrawn when the data or the language change. A browser that cannot draw it (no canvas)
 * leaves `failed` set and the screen says so; the figures are in the table either way.
 */
function useChart(draw: (chart: IChartApi) => void, deps: readonly unknown[]) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { locale } = useT();
  useEffect(() => {
    const element = box.current;
    if (!element || failed) return;
    const tag = intlLocale(locale);
    const numbers = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
    const days = new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    let chart: IChartApi | undefined;
    try {
      chart = createChart(element, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#5a6877' },
        grid: { vertLines: { visible: false }, horzLines: { color: '#e5e9ee' } },
        rightPriceScale: { borderVisible: false },
        timeScale: {
          borderVisible: false,
          fixLeftEdge: true,
          fixRightEdge: true,
          tickMarkFormatter: (time: Time) => (typeof time === 'number' ? days.format(time * 1000) : null),
        },
        handleScroll: false,
        handleScale: false,
        localization: {
          locale: tag,
          priceFormatter: (value: number) => numbers.format(value),
          timeFormatter: (time: Time) => (typeof time === 'number' ? days.format(time * 1000) : String(time)),
        },
      });
      draw(chart);
      chart.timeScale().fitContent();
    } catch {
      chart?.remove();
      setFailed(true);
      return;
    }
    return () => chart.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the data or the language change
  }, [locale, failed, ...deps]);
  return { box, failed };
}

function ChartBox({ chart, label }: { chart: ReturnType<typeof useChart>; label: string }) {
  const { t } = useT();
  if (chart.failed) return <p className="note note-warn">{t('dashboard.chartError')}</p>;
  return <div ref={chart.box} className="chart-box" role="img" aria-label={label} dir="ltr" />;
}

function MoneyChart({ series, label }: { series: readonly DashboardDay[]; label: string }) {
  const chart = useChart(
    (c) => {
      for (const key of ['deposits', 'withdrawals'] as const) {
        c.addSeries(LineSeries, {
          color: colours[key],
          lineWidth: 2,
          priceLineVisible: false,
          lastValueVisible: false,
        }).setData(series.map((d) => ({ time: timeOf(d.day), value: plotted(d[key].sum) })));
      }
    },
    [series],
  );
  return <ChartBox chart={chart} label={label} />;
}

function CustomersChart({ series, label }: { series: readonly DashboardDay[]; label: string }) {
  const chart = useChart(
    (c) => {
      c.addSeries(HistogramSeries, {
        color: colours.customers,
        priceLineVisible: false,
        lastValueVisible: false,
        priceFormat: { type: 'price', precision: 0, minMove: 1 },
      }).setData(series.map((d) => ({ time: timeOf(d.day), value: d.newCustomers })));
    },
    [series],
  );
  return <ChartBox chart={chart} label={label} />;
}

function Key({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="chart-key">
      <span className="chart-swatch" style={{ background: colour }} aria-hidden="true" />
      {label}
    </span>
  );
}

/** Both charts with their titles and keys (the default export, for React.lazy). */
export default function DashboardCharts({ series }: { series: readonly DashboardDay[] }) {
  const { t } = useT();
  const [drawable] = useState(canDraw);
  if (!drawable) return <p className="note note-warn">{t('dashboard.chartError')}</p>;
  return (
    <div className="chart-grid">
      <figure className="chart-card">
        <figcaption>
          <h3>{t('dashboard.chartMoney')}</h3>
          <span className="chart-keys">
            <Key colour={colours.deposits} label={t('dashboard.deposits')} />
            <Key colour={colours.withdrawals} label={t('dashboard.withdrawals')} />
          </span>
        </figcaption>
        <MoneyChart series={series} label={t('dashboard.chartMoney')} />
      </figure>
      <figure className="chart-card">
        <figcaption>
          <h3>{t('dashboard.chartCustomers')}</h3>
          <span className="chart-keys">
            <Key colour={colours.customers} label={t('dashboard.newCustomers')} />
          </span>
        </figcaption>
        <CustomersChart series={series} label={t('dashboard.chartCustomers')} />
      </figure>
    </div>
  );
}
