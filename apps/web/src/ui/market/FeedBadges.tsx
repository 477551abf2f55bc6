// The two badges about the prices on screen, kept apart on purpose: "Connected" says only that the live
// connection is up (never that prices are real), and "Simulated data" says the prices are not a market's.
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../live/socket.ts';
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
