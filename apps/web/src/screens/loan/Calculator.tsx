// The loan products and the calculator (DESIGN.md §1.5: terms disclosed before confirmation): a card per
// product with its bounds, term, interest-free days and daily rate; the amount, with the per-customer limit;
// the figures — total interest, repayment date and amount — from the server's own arithmetic (calc.ts); and
// what lateness costs and how repayment is taken (§1.11: every obligation's late cost disclosed before it is
// signed).
import { useTranslation } from 'react-i18next';
import type { LoanProduct } from '@tradewind/contract';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatDate, formatInteger } from '../../i18n/format.ts';
import { Field } from '../../ui/kit.tsx';
import { Amount } from '../../ui/wallet/parts.tsx';
import { formatMoney } from '@tradewind/contract/money-format';
import { formatRate } from '../../ui/wallet/format.ts';
import { formatDays, type AmountCheck } from './calc.ts';

export function ProductCards({
  products,
  selectedId,
  onSelect,
  disabled,
}: {
  products: LoanProduct[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  return (
    <div className="loan-products" role="radiogroup" aria-label={t('products.title')}>
      {products.map((p) => {
        const on = p.id === selectedId;
        return (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={on}
            disabled={disabled && !on}
            className={on ? 'loan-product loan-product-on' : 'loan-product'}
            data-testid={`loan-product-${p.id}`}
            onClick={() => onSelect(p.id)}
          >
            <span className="loan-product-name">
              <bdi>{p.name}</bdi>
            </span>
            <span className="loan-product-rate">
              {t('products.dailyRate', { rate: formatRate(p.dailyRate, locale) })}
            </span>
            <span className="muted small">
              {t('products.termLine', {
                term: formatDays(p.termDays, locale),
                free: formatDays(p.freeDays, locale),
              })}
            </span>
            <span className="muted small">
              <Amount value={p.minAmount} /> – <Amount value={p.maxAmount} />
            </span>
          </button>
        );
      })}
    </div>
  );
}

export function AmountField({
  product,
  value,
  check,
  onChange,
  disabled,
  serverError,
  limit,
}: {
  product: LoanProduct;
  value: string;
  check: AmountCheck;
  onChange: (text: string) => void;
  disabled: boolean;
  /** The server's refusal of this amount, shown until the amount changes (the client's own check first). */
  serverError?: string | undefined;
  /** `loan_limit_per_customer` in USDT, once known. */
  limit?: string | null | undefined;
}) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  const usdt = (value: string) => `${formatMoney(value, locale)} USDT`;
  const bounds = { min: usdt(product.minAmount), max: usdt(product.maxAmount) };
  const hint = limit ? t('calc.boundsLimit', { ...bounds, limit: usdt(limit) }) : t('calc.bounds', bounds);
  const error =
    check.kind === 'below'
      ? t('calc.below', { min: usdt(check.min) })
      : check.kind === 'above'
        ? t('calc.above', { max: usdt(check.max) })
        : check.kind === 'overLimit'
          ? t('calc.overLimit', { limit: usdt(check.limit) })
          : check.kind === 'invalid'
            ? t('calc.invalid')
            : serverError;
  return (
    <Field
      label={t('calc.amount')}
      inputMode="decimal"
      autoComplete="off"
      placeholder={product.minAmount}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      hint={hint}
      error={error}
      trailing={<span className="field-unit">USDT</span>}
      data-testid="loan-amount"
    />
  );
}

/** One term of a `dl.facts` list (the calculator's figures, the repay dialog's). */
export function Fact({
  label,
  children,
  testId,
  strong,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? 'fact fact-strong' : 'fact'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The terms of the chosen product and the figures for the typed amount (dashes until it is valid). */
export function LoanFigures({ product, check }: { product: LoanProduct; check: AmountCheck }) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  const quote = check.kind === 'ok' ? check.quote : undefined;
  const dash = <span className="muted">—</span>;
  return (
    <>
      <dl className="facts loan-facts" aria-live="polite">
        <Fact label={t('calc.term')} testId="loan-term">
          {formatDays(product.termDays, locale)}
        </Fact>
        <Fact label={t('calc.freeDays')} testId="loan-free-days">
          {formatDays(product.freeDays, locale)}
        </Fact>
        <Fact label={t('calc.dailyRate')} testId="loan-daily-rate">
          <bdi>{formatRate(product.dailyRate, locale)}</bdi>
        </Fact>
        <Fact label={t('calc.interestDays')} testId="loan-interest-days">
          {quote ? formatDays(quote.interestDays, locale) : dash}
        </Fact>
        <Fact label={t('calc.interest')} testId="loan-interest">
          {quote ? <Amount value={quote.interest} context="exact" /> : dash}
        </Fact>
        <Fact label={t('calc.repayDate')} testId="loan-repay-date">
          {quote ? formatDate(quote.repayDate, locale) : dash}
        </Fact>
        <Fact label={t('calc.repayAmount')} testId="loan-repay-amount" strong>
          {quote ? <Amount value={quote.repayAmount} context="exact" /> : dash}
        </Fact>
      </dl>
      <p className="muted small loan-fact-note">
        {t('calc.formula', { free: formatInteger(product.freeDays, locale) })}
      </p>
      <LateCost product={product} latePerDay={quote?.latePerDay} />
    </>
  );
}

/**
 * What a late repayment costs — the rate the agreement will state and, for the typed amount, a day of it on
 * the whole principal — and that repayment is taken from cash on the date, not waited for.
 */
function LateCost({ product, latePerDay }: { product: LoanProduct; latePerDay: string | undefined }) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  const rate = formatRate(product.overdueDailyRate, locale);
  return (
    <div className="note note-warn loan-late-cost" data-testid="loan-late-cost">
      <p>
        <strong>{t('calc.late')}</strong>{' '}
        <span data-testid="loan-late-line">
          {latePerDay === undefined
            ? t('calc.lateLine', { rate })
            : t('calc.lateLineAmount', { rate, amount: `${formatMoney(latePerDay, locale, 'exact')} USDT` })}
        </span>
      </p>
      <p data-testid="loan-autorepay">{t('calc.autoRepay')}</p>
    </div>
  );
}
