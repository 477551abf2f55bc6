// Prices and 24 h changes in tabular figures; a price flashes green or red for a moment when it moves.
//
// Nothing simulated or delayed passes for real and current (DESIGN.md §1.8, §1.10): `Price` needs its source
// and its status (CONTRACT.md "Price status") and labels the price itself, "Simulated data", "Delayed · 2 min"
// or "Closed", so a screen that shows a price cannot forget the label. A list shows one note for all its rows
// instead through `PriceList`, which only lifts the rows' simulated labels when it shows the note itself.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceSource, PriceStatus } from '@tradewind/contract';
import { currentLocale } from '../../i18n/i18n.ts';
import { ClosedPriceBadge, DelayedBadge, LivePricesBadge, SimulatedBadge } from './FeedBadges.tsx';
import { formatChange, formatPrice } from './format.ts';
import './market.css';

export type Trend = 'up' | 'down' | 'flat';

/** The direction of a 24 h change string ("-2.21" down, "0.00" flat). */
export function trendOf(zdf: string): Trend {
  if (/^-?0+(\.0+)?$/.test(zdf)) return 'flat';
  return zdf.startsWith('-') ? 'down' : 'up';
}

/** The status of a recorded price that has no status of its own (a tick, a deposit's locked rate). */
export const statusOfSource = (source: PriceSource): PriceStatus =>
  source === 'live' ? 'live' : 'simulated';

/** True inside a `PriceList` that shows the "Simulated data" label for every price in it. */
const SimulatedLabelShown = createContext(false);

/** The labels a price carries beside it: simulated, delayed (with its age), closed. */
function StatusLabels({
  source,
  status,
  priceAt,
  closedShown,
}: {
  source: PriceSource;
  status: PriceStatus;
  priceAt: number | undefined;
  closedShown: boolean;
}) {
  const labelShown = useContext(SimulatedLabelShown);
  const simulated = (source === 'simulated' || status === 'simulated') && !labelShown;
  return (
    <>
      {simulated && <SimulatedBadge />}
      {status === 'stale' && <DelayedBadge priceAt={priceAt} />}
      {status === 'closed' && !closedShown && <ClosedPriceBadge />}
    </>
  );
}

function labelled(
  source: PriceSource,
  status: PriceStatus,
  labelShown: boolean,
  closedShown: boolean,
): boolean {
  if (status === 'stale') return true;
  if (status === 'closed' && !closedShown) return true;
  return (source === 'simulated' || status === 'simulated') && !labelShown;
}

/**
 * A price; `flashKey` changes with every live update and `direction` says which way it went. The key
 * remounts the text so its flash animation starts again. A simulated price carries the label unless an
 * enclosing `PriceList` shows it; a delayed one says so with the age of the price (`priceAt`); a closed
 * market's says "Closed" unless the screen already says it beside the price (`closedShown`).
 */
export function Price({
  value,
  source,
  status,
  priceAt,
  direction = 0,
  flashKey,
  className,
  closedShown = false,
}: {
  value: string;
  source: PriceSource;
  status: PriceStatus;
  priceAt?: number | undefined;
  direction?: -1 | 0 | 1;
  flashKey?: number | undefined;
  className?: string;
  closedShown?: boolean;
}) {
  const labelShown = useContext(SimulatedLabelShown);
  // The first value a cell shows never flashes, only later moves do.
  const [firstKey] = useState(flashKey);
  const flash = flashKey !== firstKey && direction !== 0 ? (direction > 0 ? ' flash-up' : ' flash-down') : '';
  const stale = status === 'stale' ? ' price-stale' : '';
  const text = (
    <span key={flashKey} className={`num price${flash}${stale}${className ? ` ${className}` : ''}`}>
      {formatPrice(value, currentLocale())}
    </span>
  );
  if (!labelled(source, status, labelShown, closedShown)) return text;
  return (
    <span className="price-labelled" data-source={source} data-status={status}>
      {text}
      <StatusLabels source={source} status={status} priceAt={priceAt} closedShown={closedShown} />
    </span>
  );
}

/**
 * A sentence built around one price ("1 BTC = 66,012.34 USDT"): the price's labels go after the whole
 * text, not between the number and its unit. `source` and `status` are those of the `Price` inside.
 */
export function PriceText({
  source,
  status,
  priceAt,
  children,
}: {
  source: PriceSource;
  status: PriceStatus;
  priceAt?: number | undefined;
  children: ReactNode;
}) {
  const labelShown = useContext(SimulatedLabelShown);
  if (!labelled(source, status, labelShown, false)) return children;
  return (
    <span className="price-labelled" data-source={source} data-status={status}>
      <SimulatedLabelShown.Provider value={true}>{children}</SimulatedLabelShown.Provider>
      <StatusLabels source={source} status={status} priceAt={priceAt} closedShown={false} />
    </span>
  );
}

/**
 * Prices shown together (a market list, the watchlist), with a note above them saying where they come
 * from: when every one is simulated, one label and "demo only" (the rows' labels lifted); when every one
 * comes from a live source, "Live prices" (a delayed row still says "Delayed"); a mix, no note, each
 * simulated price keeping its own label.
 */
export function PriceList({ sources, children }: { sources: readonly PriceSource[]; children: ReactNode }) {
  const allSimulated = sources.length > 0 && sources.every((s) => s === 'simulated');
  const allLive = sources.length > 0 && sources.every((s) => s === 'live');
  if (allLive)
    return (
      <>
        <LiveNote />
        {children}
      </>
    );
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
    <p className="sim-note" data-testid="simulated-note" data-prices="simulated">
      <SimulatedBadge />
      <span className="muted small">{t('common.simulatedDemoOnly')}</span>
    </p>
  );
}

function LiveNote() {
  const { t } = useTranslation('market');
  return (
    <p className="sim-note" data-testid="live-note" data-prices="live">
      <LivePricesBadge />
      <span className="muted small">{t('common.liveHint')}</span>
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
