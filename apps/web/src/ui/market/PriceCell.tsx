// Prices and 24 h changes in tabular figures; a price flashes green or red for a moment when it moves.
//
// Nothing simulated passes for real (DESIGN.md §1.8): `Price` needs its source and labels a simulated price
// itself, so a screen that shows a price cannot forget the label. A list shows one label for all its rows
// instead through `PriceList`, which only lifts the rows' labels when it shows the label itself.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceSource } from '@tradewind/contract';
import { currentLocale } from '../../i18n/i18n.ts';
import { SimulatedBadge } from './FeedBadges.tsx';
import { formatChange, formatPrice } from './format.ts';
import './market.css';

export type Trend = 'up' | 'down' | 'flat';

/** The direction of a 24 h change string ("-2.21" down, "0.00" flat). */
export function trendOf(zdf: string): Trend {
  if (/^-?0+(\.0+)?$/.test(zdf)) return 'flat';
  return zdf.startsWith('-') ? 'down' : 'up';
}

/** True inside a `PriceList` that shows the "Simulated data" label for every price in it. */
const SimulatedLabelShown = createContext(false);

/**
 * A price; `flashKey` changes with every live update and `direction` says which way it went. The key
 * remounts the text so its flash animation starts again. A simulated price carries the label unless an
 * enclosing `PriceList` shows it.
 */
export function Price({
  value,
  source,
  direction = 0,
  flashKey,
  className,
}: {
  value: string;
  source: PriceSource;
  direction?: -1 | 0 | 1;
  flashKey?: number;
  className?: string;
}) {
  const labelShown = useContext(SimulatedLabelShown);
  // The first value a cell shows never flashes, only later moves do.
  const [firstKey] = useState(flashKey);
  const flash = flashKey !== firstKey && direction !== 0 ? (direction > 0 ? ' flash-up' : ' flash-down') : '';
  const text = (
    <span key={flashKey} className={`num price${flash}${className ? ` ${className}` : ''}`}>
      {formatPrice(value, currentLocale())}
    </span>
  );
  if (source !== 'simulated' || labelShown) return text;
  return (
    <span className="price-labelled" data-source="simulated">
      {text}
      <SimulatedBadge />
    </span>
  );
}

/**
 * A sentence built around one price ("1 BTC = 66,012.34 USDT"): a simulated price's label goes after the
 * whole text, not between the number and its unit. `source` is the source of the `Price` inside.
 */
export function PriceText({ source, children }: { source: PriceSource; children: ReactNode }) {
  const labelShown = useContext(SimulatedLabelShown);
  if (source !== 'simulated' || labelShown) return children;
  return (
    <span className="price-labelled" data-source="simulated">
      <SimulatedLabelShown.Provider value={true}>{children}</SimulatedLabelShown.Provider>
      <SimulatedBadge />
    </span>
  );
}

/**
 * Prices shown together (a market list, the watchlist): when every one is simulated, one label and its
 * explanation above them; otherwise (all live, or a mix) each simulated price keeps its own label.
 */
export function PriceList({ sources, children }: { sources: readonly PriceSource[]; children: ReactNode }) {
  const allSimulated = sources.length > 0 && sources.every((s) => s === 'simulated');
  if (!allSimulated) return children;
  return (
    <>
      <SimulatedNote />
      <SimulatedLabelShown.Provider value={true}>{children}</SimulatedLabelShown.Provider>
    </>
  );
}

function SimulatedNote() {
  const { t } = useTranslation('market');
  return (
    <p className="sim-note" data-testid="simulated-note">
      <SimulatedBadge />
      <span className="muted small">{t('common.simulatedHint')}</span>
    </p>
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
