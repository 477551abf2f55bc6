// The confirm step of a smart plan (DESIGN.md §1.5, §1.7): the book, the product, the term, the daily rate
// fixed for the term, daily and total interest, what comes back and when, the early-exit penalty in money
// and who pays the interest, every figure from the shared arithmetic. "Confirm" sends back the daily rate on
// screen; 10112 (terms changed) keeps the step open with the rate now in force to confirm again, and 10102
// (demo book) says so with the switch to the real book; 10171 (own funds only while a loan is owed) and 10172
// (an overdue loan) show the server's reason with the way to My loans. Desktop: a dialog; phones: a bottom
// sheet.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { codes, type BuySmartBody, type SmartPlan, type SmartProduct } from '@tradewind/contract';
import { ApiError, clientCodes } from '../../api/client.ts';
import { useBuySmart } from '../../api/smart.ts';
import { layout } from '../../app/device.ts';
import { useSession } from '../../app/session.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { BookSwitch } from '../../layout/BookSwitch.tsx';
import { BookBanner } from '../../ui/BookBanner.tsx';
import { isLoanRefusal, RefusalNote } from '../../ui/LoanRefusal.tsx';
import { toast } from '../../ui/toast.tsx';
import { newIdempotencyKey } from '../../ui/wallet/intent.ts';
import { Amount, Dialog } from '../../ui/wallet/parts.tsx';
import { quoteOf } from './calculator.ts';
import { formatDailyRate, formatDay, formatDays, formatPct } from './format.ts';

/** A sent request that got no answer: the same body goes again under the same key (nothing opens twice). */
type Unanswered = { body: BuySmartBody; key: string };

export function BuyConfirm({
  product,
  plan,
  amount,
  onClose,
  onDone,
}: {
  product: SmartProduct;
  plan: SmartPlan;
  amount: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { isDemo } = useSession();
  const queryClient = useQueryClient();
  const buy = useBuySmart();
  const [error, setError] = useState<string | null>(null);
  const [demoRefused, setDemoRefused] = useState(false);
  const [loanRefused, setLoanRefused] = useState(false);
  const [termsChanged, setTermsChanged] = useState(false);
  const [unanswered, setUnanswered] = useState<Unanswered | null>(null);
  const quote = quoteOf(product, plan, amount, Date.now());

  const send = (attempt: Unanswered) => {
    setError(null);
    setDemoRefused(false);
    setLoanRefused(false);
    buy.mutate(
      { ...attempt.body, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          setUnanswered(null);
          toast(t('trading.confirm.bought', { name: product.name }), 'success');
          onDone();
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : undefined;
          setUnanswered(code === clientCodes.network || code === clientCodes.timeout ? attempt : null);
          if (code === codes.termsChanged) {
            // Not a dead end: the products are fetched again and the rate now in force is shown to confirm.
            setTermsChanged(true);
            void queryClient.invalidateQueries({ queryKey: ['smartProducts'] });
            return;
          }
          setDemoRefused(code === codes.demoSmartForbidden);
          setLoanRefused(isLoanRefusal(failure));
          const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
          setError(field ?? failure.message);
        },
      },
    );
  };

  const confirm = () => {
    if (unanswered) return send(unanswered);
    if (!quote) return;
    setTermsChanged(false);
    const body: BuySmartBody = {
      productId: product.id,
      days: plan.days,
      amount,
      quotedDailyRate: plan.dailyRate,
      // The plan's terms as this step shows them (rate, days, amounts, early-exit penalty): 10112 if changed.
      termsSha256: plan.termsSha256,
    };
    send({ body, key: newIdempotencyKey() });
  };

  return (
    <Dialog
      open
      title={t('trading.confirm.title')}
      onClose={onClose}
      className={layout === 'mobile' ? 'trade-sheet' : 'trade-dialog'}
    >
      <div className="trade-confirm smart-confirm" data-testid="smart-confirm">
        <BookBanner isDemo={isDemo} demoText={t('trading.confirm.demoBook')} testId="smart-confirm-book" />
        <p className="trade-confirm-line">
          {t('trading.confirm.line', { name: product.name, days: formatDays(plan.days, locale) })}
        </p>
        {termsChanged && (
          <p className="note note-warn" role="alert" data-testid="smart-terms-changed">
            {t('trading.confirm.termsChanged')}
          </p>
        )}
        <dl className="facts">
          <div className="fact fact-strong">
            <dt>{t('trading.confirm.amount')}</dt>
            <dd data-testid="confirm-amount">
              <Amount value={amount} context="exact" />
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.dailyRate')}</dt>
            <dd data-testid="confirm-rate">
              <bdi className="num">{formatDailyRate(plan.dailyRate, locale)}</bdi>
              <span className="muted small smart-fact-note">{t('trading.confirm.rateFixed')}</span>
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.dailyInterest')}</dt>
            <dd data-testid="confirm-daily">
              {quote ? <Amount value={quote.dailyInterest} context="exact" /> : '…'}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.totalInterest')}</dt>
            <dd data-testid="confirm-total">
              {quote ? <Amount value={quote.totalInterest} context="exact" /> : '…'}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.maturityAmount')}</dt>
            <dd data-testid="confirm-maturity-amount">
              {quote ? <Amount value={quote.maturityAmount} context="exact" /> : '…'}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.maturityDate')}</dt>
            <dd data-testid="confirm-maturity">
              {quote ? (
                <time dateTime={new Date(quote.maturityAt).toISOString()}>
                  {formatDay(quote.maturityAt, locale)}
                </time>
              ) : (
                '…'
              )}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.penalty')}</dt>
            <dd data-testid="confirm-penalty">
              {quote ? <Amount value={quote.earlyExitPenalty} context="exact" /> : '…'}
              <span className="muted small smart-fact-note">
                {t('trading.penaltyNote', { pct: formatPct(product.earlyExitPenaltyPct, locale) })}
              </span>
            </dd>
          </div>
        </dl>
        <p className="muted small" data-testid="smart-confirm-counterparty">
          <strong>{t('trading.disclosureTitle')}</strong> {t('trading.disclosure')}
        </p>
        {error && <RefusalNote message={error} byLoan={loanRefused} testId="smart-loan-refused" />}
        {demoRefused && (
          <div className="note note-warn with-action" data-testid="smart-demo-refused">
            <span>{t('trading.switchHint')}</span>
            <BookSwitch />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('trading.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={(!quote || buy.isPending) && !unanswered}
            onClick={confirm}
            data-testid="smart-confirm-submit"
          >
            {buy.isPending ? '…' : t('trading.confirm.submit')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
