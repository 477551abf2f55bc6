// One smart product: its duration chips, the amount with its range, the calculator from the shared
// arithmetic (daily and total interest, maturity, the early-exit penalty in money) and "Review plan", which
// opens the confirm step for customers and a login prompt for visitors.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SmartProduct } from '@tradewind/contract';
import { useSession } from '../../app/session.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { Amount } from '../../ui/wallet/parts.tsx';
import { BuyConfirm } from './BuyConfirm.tsx';
import { amountInputMax, checkAmount, planOf, quoteOf } from './calculator.ts';
import { formatDailyRate, formatDay, formatDays, formatPct } from './format.ts';

function Fig({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function VisitorPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  const redirect = new URLSearchParams({ redirect: location.pathname }).toString();
  return (
    <div className="smart-login" data-testid="smart-login">
      <p className="muted small">{t('trading.loginText')}</p>
      <div className="row-actions">
        <Link to={`/pass/login?${redirect}`} className="btn btn-primary btn-small">
          {t('auth.login.submit')}
        </Link>
        <Link to="/pass/register" className="btn btn-secondary btn-small">
          {t('auth.register.submit')}
        </Link>
      </div>
    </div>
  );
}

export function ProductCard({ product }: { product: SmartProduct }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { user } = useSession();
  const [days, setDays] = useState<number | undefined>(product.plans[0]?.days);
  const [amountText, setAmountText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const plan = planOf(product, days);
  const check = checkAmount(amountText, product);
  const usdtText = (value: string) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value as Intl.StringNumericLiteral);
  const error =
    check.kind === 'below'
      ? t('trading.amountBelow', { min: usdtText(check.min) })
      : check.kind === 'above'
        ? t('trading.amountAbove', { max: usdtText(check.max) })
        : check.kind === 'invalid'
          ? t('trading.amountInvalid')
          : undefined;
  // The figures are computed at the moment shown; the confirm step computes them again when it opens.
  const quote = plan && check.kind === 'ok' ? quoteOf(product, plan, check.text, Date.now()) : undefined;
  const usdt = (value: string) => <Amount value={value} />;
  const fieldId = `smart-amount-${product.id}`;

  return (
    <section className="card smart-product" data-testid="smart-product" data-product={product.id}>
      <h2 className="card-title">{product.name}</h2>
      <p className="muted small smart-desc">{product.description}</p>
      <fieldset className="trade-field">
        <legend className="field-label">{t('trading.duration')}</legend>
        <div className="chips chips-wrap" data-testid="smart-days">
          {product.plans.map((p) => (
            <button
              key={p.days}
              type="button"
              className={p.days === plan?.days ? 'chip chip-on smart-chip' : 'chip smart-chip'}
              aria-pressed={p.days === plan?.days}
              onClick={() => setDays(p.days)}
            >
              <span>{formatDays(p.days, locale)}</span>
              <span className="smart-chip-rate">
                {t('trading.ratePerDay', { rate: formatDailyRate(p.dailyRate, locale) })}
              </span>
            </button>
          ))}
        </div>
      </fieldset>
      <div className={error ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor={fieldId}>
          {t('trading.amount')}
        </label>
        <div className="field-row">
          <input
            id={fieldId}
            className="input num"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={amountText}
            maxLength={amountInputMax}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint`}
            onChange={(event) => setAmountText(event.target.value)}
            data-testid="smart-amount"
          />
          <span className="unit smart-unit">USDT</span>
        </div>
        <p className={error ? 'field-error' : 'field-hint'} id={`${fieldId}-hint`}>
          {error ??
            t('trading.range', {
              min: usdtText(product.minAmount),
              max: usdtText(product.maxAmount),
            })}
        </p>
      </div>
      <dl className="facts smart-calc" aria-label={t('trading.calcTitle')} data-testid="smart-calc">
        <Fig label={t('trading.dailyRate')} testId="calc-rate">
          <bdi className="num">{plan ? formatDailyRate(plan.dailyRate, locale) : '–'}</bdi>
        </Fig>
        <Fig label={t('trading.dailyInterest')} testId="calc-daily">
          {quote ? usdt(quote.dailyInterest) : '–'}
        </Fig>
        <Fig label={t('trading.totalInterest')} testId="calc-total">
          {quote ? usdt(quote.totalInterest) : '–'}
        </Fig>
        <Fig label={t('trading.maturityAmount')} testId="calc-maturity-amount">
          {quote ? usdt(quote.maturityAmount) : '–'}
        </Fig>
        <Fig label={t('trading.maturityDate')} testId="calc-maturity">
          {quote ? (
            <time dateTime={new Date(quote.maturityAt).toISOString()}>
              {formatDay(quote.maturityAt, locale)}
            </time>
          ) : (
            '–'
          )}
        </Fig>
        <Fig label={t('trading.penalty')} testId="calc-penalty">
          {quote ? usdt(quote.earlyExitPenalty) : '–'}
          <span className="muted small smart-fact-note">
            {t('trading.penaltyNote', { pct: formatPct(product.earlyExitPenaltyPct, locale) })}
          </span>
        </Fig>
      </dl>
      {!quote && <p className="muted small">{t('trading.enterAmount')}</p>}
      {user ? (
        <button
          type="button"
          className="btn btn-primary smart-review"
          disabled={!quote}
          onClick={() => setConfirming(true)}
          data-testid="smart-review"
        >
          {t('trading.review')}
        </button>
      ) : (
        <VisitorPrompt />
      )}
      {confirming && plan && check.kind === 'ok' && (
        <BuyConfirm
          product={product}
          plan={plan}
          amount={check.text}
          onClose={() => setConfirming(false)}
          onDone={() => {
            setConfirming(false);
            setAmountText('');
          }}
        />
      )}
    </section>
  );
}
