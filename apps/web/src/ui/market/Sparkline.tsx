// The small trend line of the market lists (DESIGN.md §6): an SVG polyline of at most 100 points.
// Time runs left to right in every language, so the drawing is never mirrored.
import { memo } from 'react';
import { sparklinePointsMax } from '../../live/store.ts';
import { toChartNumber } from './chartNumber.ts';

const width = 120;
const height = 36;
const pad = 2;

/** SVG coordinates of the values, oldest at the left; an empty string when there is nothing to draw. */
export function sparklinePoints(values: readonly string[]): string {
  const numbers = values
    .slice(-sparklinePointsMax)
    .map(toChartNumber)
    .filter((n) => Number.isFinite(n));
  if (numbers.length === 0) return '';
  if (numbers.length === 1) numbers.push(numbers[0] ?? 0);
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  const span = max - min || 1;
  const stepX = (width - pad * 2) / (numbers.length - 1);
  return numbers
    .map((n, i) => {
      const x = pad + i * stepX;
      // A flat series sits in the middle.
      const y = max === min ? height / 2 : pad + (1 - (n - min) / span) * (height - pad * 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

export const Sparkline = memo(function Sparkline({
  values,
  trend,
  label,
}: {
  values: readonly string[];
  trend: 'up' | 'down' | 'flat';
  label: string;
}) {
  const points = sparklinePoints(values);
  return (
    <svg
      className={`sparkline sparkline-${trend}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="sparkline"
    >
      {points && (
        <>
          <polygon
            className="sparkline-area"
            points={`${pad},${height} ${points} ${width - pad},${height}`}
          />
          <polyline className="sparkline-line" points={points} vectorEffect="non-scaling-stroke" />
        </>
      )}
    </svg>
  );
});
