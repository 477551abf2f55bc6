// Prices and 24 h changes in tabular figures; a price flashes green or red for a moment when it moves.
import { useState } from 'react';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatChange, formatPrice } from './format.ts';
import './market.css';

export type Trend = 'up' | 'down' | 'flat';

/** The direction of a 24 h change string ("-2.21" down, "0.00" flat). */
export function trendOf(zdf: string): Trend {
  if (/^-?0+(\.0+)?$/.test(zdf)) return 'flat';
  return zdf.startsWith('-') ? 'down' : 'up';
}

/**
 * A price; `flashKey` changes with every live update and `direction` says which way it went. The key
 * remounts the text so its flash animation starts again.
 */
export function Price({
  value,
  direction = 0,
  flashKey,
  className,
}: {
  value: string;
  direction?: -1 | 0 | 1;
  flashKey?: number;
  className?: string;
}) {
  // The first value a cell shows never flashes, only later moves do.
  const [firstKey] = useState(flashKey);
  const flash = flashKey !== firstKey && direction !== 0 ? (direction > 0 ? ' flash-up' : ' flash-down') : '';
  return (
    <span key={flashKey} className={`num price${flash}${className ? ` ${className}` : ''}`}>
      {formatPrice(value, currentLocale())}
    </span>
  );
}

export function Change({ zdf, pill = false }: { zdf: string; pill?: boolean }) {
  const trend = trendOf(zdf);
  return (
    <span className={`num change change-${trend}${pill ? ' change-pill' : ''}`}>
      {formatChange(zdf, currentLocale())}
    </span>
  );
}
