// Side cards of the currency detail: trading hours with the open/closed state, and the contract terms
// disclosed before any contract (DESIGN.md §1.5: fees, leverage, durations, counterparty).
import { useTranslation } from 'react-i18next';
import type { MarketInfo } from '@tradewind/contract';
import { currentLocale } from '../../i18n/i18n.ts';
import {
  dateTimeFormat,
  formatDuration,
  formatLeverage,
  formatMoment,
  formatQuantity,
  formatRate,
} from '../../ui/market/format.ts';
import { sessionLines, zoneName } from './hours.ts';

export function HoursCard({ info }: { info: MarketInfo }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  const hours = info.tradingHours;
  return (
    <section className="card" aria-labelledby="hours-title" data-testid="trading-hours">
      <div className="section-head">
        <h2 id="hours-title" className="card-title">
          {t('detail.hours.title')}
        </h2>
        <span
          className={info.tradable ? 'badge badge-up' : 'badge badge-neutral'}
          data-testid="market-state"
          data-open={info.tradable}
        >
          {info.tradable ? t('detail.hours.open') : t('detail.hours.closed')}
        </span>
      </div>
      {!info.tradable && info.nextOpenAt !== undefined && (
        <p className="next-open">
          {t('detail.hours.nextOpen', { time: formatMoment(info.nextOpenAt, locale) })}
        </p>
      )}
      {hours.alwaysOpen ? (
        <p className="muted">{t('detail.hours.alwaysOpen')}</p>
      ) : (
        <>
          <ul className="session-list">
            {sessionLines(hours.sessions, locale).map((line) => (
              <li key={line} className="num">
                {line}
              </li>
            ))}
          </ul>
          <p className="muted small">
            {t('detail.hours.zone', { zone: zoneName(hours.timeZone, locale, Date.now()) })}
          </p>
        </>
      )}
      <UpcomingHolidays dates={hours.holidays ?? []} />
    </section>
  );
}

/** The exchange's holidays from today on (at most five), dates as the exchange writes them. */
function UpcomingHolidays({ dates }: { dates: readonly string[] }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  // Holidays are calendar dates of the exchange's zone: compared and shown as dates, not instants.
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = dates.filter((d) => d >= today).slice(0, 5);
  if (upcoming.length === 0) return null;
  const format = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const list = upcoming.map((d) => format.format(Date.parse(`${d}T12:00:00Z`))).join(', ');
  return (
    <p className="muted small" data-testid="market-holidays">
      {t('detail.hours.holidays', { dates: list })}
    </p>
  );
}

export function TermsCard({ info }: { info: MarketInfo }) {
  const { t } = useTranslation('market');
  const locale = currentLocale();
  return (
    <section className="card" aria-labelledby="terms-title" data-testid="contract-terms">
      <h2 id="terms-title" className="card-title">
        {t('detail.terms.title')}
      </h2>
      <dl className="facts">
        <div className="fact fact-wrap">
          <dt>{t('detail.terms.leverage')}</dt>
          <dd className="term-chips">
            {info.leverages.map((l) => (
              <span key={l} className="term-chip num">
                {formatLeverage(l, locale)}
              </span>
            ))}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('detail.terms.fee')}</dt>
          <dd>{t('detail.terms.feeValue', { rate: formatRate(info.feeRate, locale) })}</dd>
        </div>
        <div className="fact fact-wrap">
          <dt>{t('detail.terms.durations')}</dt>
          <dd className="term-chips">
            {info.terms.map((term) => (
              <span key={term.id} className="term-chip num">
                {formatDuration(term.seconds, locale)}
              </span>
            ))}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('detail.terms.lots')}</dt>
          <dd>
            {t('detail.terms.lotsRange', {
              min: formatQuantity(info.minLots, locale),
              max: formatQuantity(info.maxLots, locale),
              step: formatQuantity(info.lotSize, locale),
            })}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('detail.terms.contractSize')}</dt>
          <dd className="num">{formatQuantity(info.contractSize, locale)}</dd>
        </div>
        <div className="fact">
          <dt>{t('detail.terms.quote')}</dt>
          <dd>{info.quote}</dd>
        </div>
      </dl>
      <p className="muted small">{t('detail.terms.readOnly')}</p>
      <p className="note note-warn">{t('detail.terms.risk')}</p>
    </section>
  );
}
