// Where a loan stands now (issue 24, DESIGN §1.11), for "My loans": what is owed, repaid and charged for
// lateness so far with the late rate the agreement states; an overdue loan's block — what it stops until it
// is repaid, with the way to repay it; and, as the repayment date nears, that the repayment is taken from
// the real book's cash on that date, not waited for.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanRecord } from '@tradewind/contract';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatDate } from '../../i18n/format.ts';
import { formatMoney } from '@tradewind/contract/money-format';
import { Amount } from '../../ui/wallet/parts.tsx';
import { formatRate } from '../../ui/wallet/format.ts';

/** The reminders come 3 days before the date (loans job): from then on the note says what will be taken. */
const nearMs = 3 * 86_400_000;

/**
 * Approved loans: what is owed now, repaid so far and charged for lateness, in `loan-item-facts` rows, to
 * the last decimal charged (a day's late cost on a small remainder is a fraction of a cent).
 */
export function OwedFacts({ loan }: { loan: LoanRecord }) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  const approved = loan.status === 'repaying' || loan.status === 'overdue' || loan.status === 'repaid';
  const money = (label: string, value: string, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <Amount value={value} context="exact" />
      </dd>
    </div>
  );
  return (
    <>
      {approved && (
        <>
          {money(t('records.owed'), loan.owed, 'loan-owed')}
          {money(t('records.paid'), loan.paid, 'loan-paid')}
          {money(t('records.lateCharge'), loan.lateCharge, 'loan-late-charge')}
        </>
      )}
      <div>
        <dt>{t('records.lateRate')}</dt>
        <dd data-testid="loan-late-rate">
          {t('records.lateRateLine', { rate: formatRate(loan.overdueDailyRate, locale) })}
        </dd>
      </div>
    </>
  );
}

/** An overdue loan: what is owed, what it stops until it is repaid, what each day adds, and `repay`. */
export function OverdueNote({ loan, repay }: { loan: LoanRecord; repay: ReactNode }) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  const owed = `${formatMoney(loan.owed, locale, 'exact')} USDT`;
  return (
    <div className="note note-error loan-overdue" data-testid="loan-overdue">
      <p className="strong">{t('records.overdueOwed', { amount: owed })}</p>
      <p>{t('records.overdueBlocks')}</p>
      <ul className="loan-blocks" data-testid="loan-blocks">
        <li>{t('records.blockWithdraw')}</li>
        <li>{t('records.blockTrade')}</li>
        <li>{t('records.blockPlans')}</li>
        <li>{t('records.blockBids')}</li>
      </ul>
      <p className="small">{t('records.overdueCost', { rate: formatRate(loan.overdueDailyRate, locale) })}</p>
      <div className="row-actions loan-overdue-actions">{repay}</div>
    </div>
  );
}

/**
 * A loan being repaid: repayment is taken from cash on its date. Within three days of it the note says how
 * much and what happens when cash is short; before that, one quiet line.
 */
export function AutoRepayNote({ loan, now }: { loan: LoanRecord; now: number }) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  if (loan.status !== 'repaying' || loan.repayDate === undefined) return null;
  const date = formatDate(loan.repayDate, locale);
  const near = loan.repayDate - now <= nearMs;
  if (!near)
    return (
      <p className="muted small" data-testid="loan-autorepay" data-near="false">
        {t('records.autoRepay', { date })}
      </p>
    );
  const amount = `${formatMoney(loan.owed, locale, 'exact')} USDT`;
  return (
    <p className="note note-warn" data-testid="loan-autorepay" data-near="true">
      {t('records.autoRepaySoon', { date, amount })}
    </p>
  );
}
