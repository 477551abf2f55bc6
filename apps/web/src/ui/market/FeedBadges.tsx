// The badges about the prices on screen, kept apart on purpose: "Connected" says only that the live
// connection is up (never that prices are real); "Simulated data" says the prices are not a market's,
// "Delayed · 2 min" that a live source has gone quiet, "Closed" that the market is outside its hours.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { useLiveStatus } from '../../live/socket.ts';
import { formatAge } from './format.ts';
import './market.css';

/** The live connection's state: a pulsing dot and "Connected" while the socket is open. */
export function ConnectionBadge() {
  const { t } = useTranslation('market');
  const status = useLiveStatus();
  const open = status === 'open';
  return (
    <span
      className={open ? 'live-badge live-on' : 'live-badge'}
      data-testid="connection-status"
      data-status={status}
    >
      <span className="live-dot" aria-hidden="true" />
      {open ? t('common.connected') : t('common.reconnecting')}
    </span>
  );
}

/**
 * The "Simulated data" label (DESIGN.md §1.8). Screens do not place it themselves: `Price` and `PriceList`
 * (PriceCell.tsx) render it wherever a simulated price is shown.
 */
export function SimulatedBadge() {
  const { t } = useTranslation('market');
  return (
    <span
      className="badge badge-warn sim-badge"
      title={t('common.simulatedHint')}
      data-testid="simulated-label"
    >
      {t('common.simulated')}
    </span>
  );
}

/** The time now, again every `everyMs` while mounted: for ages that grow on screen. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "Delayed · 2 min" (DESIGN.md §1.10): the price's live source has gone quiet longer than the platform
 * allows; the number shown is the last one, `priceAt` old, and the real book pauses on it.
 */
export function DelayedBadge({ priceAt }: { priceAt: number | undefined }) {
  const { t } = useTranslation('market');
  const now = useNow(5_000);
  const text =
    priceAt === undefined
      ? t('common.delayed')
      : t('common.delayedAge', { age: formatAge(Math.max(0, now - priceAt), currentLocale()) });
  return (
    <span
      className="badge badge-warn delayed-badge"
      title={t('common.delayedHint')}
      data-testid="delayed-label"
    >
      {text}
    </span>
  );
}

/** "Closed": the last price of a market outside its trading hours. */
export function ClosedPriceBadge() {
  const { t } = useTranslation('market');
  return (
    <span className="badge badge-neutral closed-price-badge" data-testid="closed-label">
      {t('list.closed')}
    </span>
  );
}

/** "Live prices": every price of a list comes from a live market source. */
export function LivePricesBadge() {
  const { t } = useTranslation('market');
  return (
    <span className="badge badge-up live-prices-badge" data-testid="live-prices-label">
      {t('common.livePrices')}
    </span>
  );
}
