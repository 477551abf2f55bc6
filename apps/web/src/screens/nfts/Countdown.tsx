// The live auction clock: ticks each second, words the days through Intl, and marks an end that a late
// bid moved ("extended", the anti-sniping rule; the server says so on every piece).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { clockText, remainingUntil } from './countdown.ts';

/** The current time, ticking every second while `active`. */
export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function Countdown({ endAt, now, extended }: { endAt: number; now: number; extended: boolean }) {
  const { t } = useTranslation('nft');
  const remaining = remainingUntil(endAt, now);
  if (remaining.ended)
    return (
      <span className="nft-countdown" data-testid="nft-countdown" data-ended="true">
        {t('countdown.ended')}
      </span>
    );
  const days =
    remaining.days > 0
      ? new Intl.NumberFormat(currentLocale(), { style: 'unit', unit: 'day', unitDisplay: 'narrow' }).format(
          remaining.days,
        )
      : null;
  // The days and the clock are isolated apart, so a right-to-left unit ("٢ ي") never reorders the digits.
  return (
    <span className="nft-countdown" data-testid="nft-countdown">
      <time className="num" dateTime={new Date(endAt).toISOString()}>
        {days !== null && (
          <>
            <bdi>{days}</bdi>{' '}
          </>
        )}
        <bdi dir="ltr">{clockText(remaining)}</bdi>
      </time>
      {extended && (
        <span className="badge badge-warn" title={t('countdown.extendedTitle')} data-testid="nft-extended">
          {t('countdown.extended')}
        </span>
      )}
    </span>
  );
}
