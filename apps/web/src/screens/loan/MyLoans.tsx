// "My loans": each loan with its status in words, its figures and where it stands (owed, repaid, late cost:
// LoanStanding.tsx), the countdown to the repayment date (or how long it is overdue, with what that blocks
// and the way to repay), the rejection reason, the signed agreement to download, and repayment through a
// confirm dialog under one Idempotency-Key. Refusals elsewhere that a loan explains link to #my-loans.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoanRecord, LoanStatus } from '@tradewind/contract';
import { compareDecimal } from '@tradewind/contract/money';
import { ApiError } from '../../api/client.ts';
import { fetchSignedAgreement, loansPageSize, useLoans, useRepayLoan } from '../../api/loans.ts';
import { useUserInfo } from '../../api/user.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { EmptyState, ErrorNote, Spinner } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { useIntentKey } from '../../ui/wallet/intent.ts';
import { Amount, Dialog, Pager } from '../../ui/wallet/parts.tsx';
import { formatRate } from '../../ui/wallet/format.ts';
import { countdown, formatCountdown, formatDays } from './calc.ts';
import { Fact } from './Calculator.tsx';
import { AutoRepayNote, OverdueNote, OwedFacts } from './LoanStanding.tsx';

const statusTones: Record<LoanStatus, string> = {
  pending: 'badge-warn',
  rejected: 'badge-down',
  repaying: 'badge-neutral',
  overdue: 'badge-down',
  repaid: 'badge-up',
};

/** The clock for countdowns: now, again every `everyMs`. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useTranslation('loans');
  return (
    <span className={`badge ${statusTones[status]}`} data-status={status} data-testid="loan-status">
      {t(`status.${status}`)}
    </span>
  );
}

async function downloadAgreement(loan: LoanRecord, failed: string): Promise<void> {
  try {
    const blob = await fetchSignedAgreement(loan.agreementUrl);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `loan-${loan.id}-agreement.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    toast(error instanceof ApiError ? error.message : failed, 'error');
  }
}

const isPositive = (value: string): boolean => compareDecimal(value, '0') > 0;

function RepayDialog({ loan, onClose }: { loan: LoanRecord; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const repay = useRepayLoan();
  const intent = useIntentKey();
  const info = useUserInfo();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    repay.mutate(
      { id: loan.id, quotedOwed: loan.owed, idempotencyKey: intent.keyFor(loan.id) },
      {
        onSuccess: (answer) => {
          intent.done();
          toast(answer.message || t('repay.done'), 'success');
          onClose();
        },
        onError: (failure) => {
          intent.failed(failure);
          setError(failure.message);
        },
      },
    );
  };
  return (
    <Dialog open title={t('repay.title')} onClose={onClose} className="loan-dialog">
      <dl className="facts">
        <Fact label={t('records.amount')}>
          <Amount value={loan.amount} />
        </Fact>
        <Fact label={t('records.interest')}>
          <Amount value={loan.interest} />
        </Fact>
        {isPositive(loan.lateCharge) && (
          <Fact label={t('records.lateCharge')}>
            <Amount value={loan.lateCharge} context="exact" />
          </Fact>
        )}
        {isPositive(loan.paid) && (
          <Fact label={t('records.paid')}>
            <Amount value={loan.paid} context="exact" />
          </Fact>
        )}
        {/* What is owed now (late cost included, repayments taken off): what the repayment takes. */}
        <Fact label={t('repay.total')} testId="repay-total" strong>
          <Amount value={loan.owed} context="exact" />
        </Fact>
        {info.data && (
          <Fact label={t('repay.balance')}>
            <Amount value={info.data.balance} />
          </Fact>
        )}
      </dl>
      <p className="muted small">{t('repay.text')}</p>
      {error && <ErrorNote message={error} />}
      <div className="row-actions dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={repay.isPending}>
          {t('repay.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={confirm}
          disabled={repay.isPending}
          data-testid="repay-confirm"
        >
          {repay.isPending ? t('sign.sending') : t('repay.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

function Due({ loan, now }: { loan: LoanRecord; now: number }) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  if (loan.repayDate === undefined) return <span className="muted">{t('records.dueAtApproval')}</span>;
  const left = countdown(loan.repayDate, now);
  const open = loan.status === 'repaying' || loan.status === 'overdue';
  return (
    <>
      <span>{formatDate(loan.repayDate, locale)}</span>
      {open && (
        <span
          className={left.overdue ? 'loan-countdown loan-late' : 'loan-countdown'}
          data-testid="loan-countdown"
        >
          {t(left.overdue ? 'records.overdueBy' : 'records.dueIn', { time: formatCountdown(left, locale) })}
        </span>
      )}
    </>
  );
}

function LoanItem({ loan, now }: { loan: LoanRecord; now: number }) {
  const { t } = useTranslation('loans');
  const locale = currentLocale();
  const [repaying, setRepaying] = useState(false);
  const overdue = loan.status === 'overdue';
  const repayButton = (
    <button
      type="button"
      className="btn btn-primary btn-small"
      onClick={() => setRepaying(true)}
      data-testid="loan-repay"
    >
      {t('records.repay')}
    </button>
  );
  return (
    <li
      className={overdue ? 'loan-item loan-item-overdue' : 'loan-item'}
      data-testid="loan-item"
      data-loan-id={loan.id}
    >
      <div className="loan-item-head">
        <span className="strong">
          <bdi>{loan.productName}</bdi>
        </span>
        <LoanStatusBadge status={loan.status} />
      </div>
      <dl className="loan-item-facts">
        <div>
          <dt>{t('records.amount')}</dt>
          <dd>
            <Amount value={loan.amount} />
          </dd>
        </div>
        <div>
          <dt>{t('records.repayAmount')}</dt>
          <dd data-testid="loan-repay-total">
            <Amount value={loan.repayAmount} />
          </dd>
        </div>
        <OwedFacts loan={loan} />
        <div>
          <dt>{t('records.terms')}</dt>
          <dd>
            {t('records.termsLine', {
              term: formatDays(loan.termDays, locale),
              free: formatDays(loan.freeDays, locale),
              rate: formatRate(loan.dailyRate, locale),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('records.repayDate')}</dt>
          <dd className="loan-due">
            <Due loan={loan} now={now} />
          </dd>
        </div>
        <div>
          <dt>{t('records.applied')}</dt>
          <dd>{formatDateTime(loan.createdAt, locale)}</dd>
        </div>
      </dl>
      {loan.status === 'pending' && <p className="muted small">{t('records.pendingText')}</p>}
      {loan.status === 'rejected' && (
        <p className="note note-error" data-testid="loan-reason">
          {t('records.reason', { reason: loan.reason ?? '—' })}
        </p>
      )}
      {overdue && <OverdueNote loan={loan} repay={repayButton} />}
      <AutoRepayNote loan={loan} now={now} />
      {loan.status === 'repaid' && loan.repaidAt !== undefined && (
        <p className="muted small">
          {t('records.repaidAt', { date: formatDateTime(loan.repaidAt, locale) })}
        </p>
      )}
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => void downloadAgreement(loan, t('records.downloadFailed'))}
        >
          {t('records.agreement')}
        </button>
        {loan.status === 'repaying' && repayButton}
      </div>
      {repaying && <RepayDialog loan={loan} onClose={() => setRepaying(false)} />}
    </li>
  );
}

export function MyLoans() {
  const { t } = useTranslation('loans');
  const [page, setPage] = useState(1);
  const loans = useLoans(page);
  const now = useNow(30_000);
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const listed = loans.isSuccess;
  // Arriving from a refusal's "My loans" link (#my-loans): the section is drawn after the screen's chunk and
  // the list load, later than the browser's own scroll to the fragment.
  useEffect(() => {
    if (hash === '#my-loans' && listed) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash, listed]);
  return (
    <section
      ref={sectionRef}
      className="card"
      aria-labelledby="my-loans-title"
      id="my-loans"
      data-testid="my-loans"
    >
      <div className="section-head">
        <h2 className="card-title" id="my-loans-title">
          {t('records.title')}
        </h2>
      </div>
      {loans.isPending ? (
        <Spinner />
      ) : loans.isError ? (
        <div className="note note-error with-action" role="alert">
          <span>{loans.error.message}</span>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void loans.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : loans.data.list.length === 0 ? (
        <EmptyState title={t('records.empty')} text={t('records.emptyText')} />
      ) : (
        <>
          <ul className="loan-list">
            {loans.data.list.map((loan) => (
              <LoanItem key={loan.id} loan={loan} now={now} />
            ))}
          </ul>
          <Pager page={page} size={loansPageSize} total={loans.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
