// The K-line chart's readout: open, high, low, close, change and volume of the candle under the crosshair
// (hover, or tap and drag on a phone), else of the newest candle. Prices are the wire strings, formatted
// with Intl; the change is computed in bigint (kline.ts), never from the drawn numbers.
import { useTranslation } from 'react-i18next';
import type { Candle } from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n';
import { formatChange, formatCompact, formatPrice } from './format.ts';
import { changePercent } from './kline.ts';
import { trendOf } from './PriceCell.tsx';

export function ChartReadout({
  candle,
  previousClose,
  locale,
  pointed,
  timeLabel,
  volumeUnit,
}: {
  candle: Candle;
  /** The close before this candle: the change is measured from it (from the open for the first one). */
  previousClose: string | undefined;
  locale: Locale;
  /** True while the crosshair points at this candle (not just the newest one). */
  pointed: boolean;
  timeLabel: string;
  volumeUnit: string;
}) {
  const { t } = useTranslation('market');
  const change = changePercent(previousClose ?? candle.open, candle.close);
  const figures = [
    { id: 'open', label: t('detail.chart.readout.open'), value: formatPrice(candle.open, locale) },
    { id: 'high', label: t('detail.chart.readout.high'), value: formatPrice(candle.high, locale) },
    { id: 'low', label: t('detail.chart.readout.low'), value: formatPrice(candle.low, locale) },
    { id: 'close', label: t('detail.chart.readout.close'), value: formatPrice(candle.close, locale) },
  ];
  return (
    <div className="kline-readout" data-testid="chart-readout" data-pointed={pointed}>
      <span className="kline-readout-time num">{timeLabel}</span>
      <dl>
        {figures.map((f) => (
          <div key={f.id} data-testid={`readout-${f.id}`}>
            <dt>{f.label}</dt>
            <dd className="num">{f.value}</dd>
          </div>
        ))}
        {change !== undefined && (
          <div data-testid="readout-change">
            <dt>{t('detail.chart.readout.change')}</dt>
            <dd className={`num change-${trendOf(change)}`}>{formatChange(change, locale)}</dd>
          </div>
        )}
        <div data-testid="readout-volume">
          <dt>{t('detail.chart.readout.volume')}</dt>
          <dd className="num">
            {formatCompact(candle.volume, locale)}
            <span className="unit"> {volumeUnit}</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
