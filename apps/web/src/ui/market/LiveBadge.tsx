// Whether the prices on screen are live: a pulsing dot while the socket is open, "Reconnecting…" otherwise.
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../live/socket.ts';
import './market.css';

export function LiveBadge() {
  const { t } = useTranslation('market');
  const status = useLiveStatus();
  const open = status === 'open';
  return (
    <span
      className={open ? 'live-badge live-on' : 'live-badge'}
      data-testid="live-badge"
      data-status={status}
    >
      <span className="live-dot" aria-hidden="true" />
      {open ? t('common.live') : t('common.reconnecting')}
    </span>
  );
}

/** The "Simulated data" label (DESIGN.md §4: the UI says so when prices are not from an exchange). */
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
