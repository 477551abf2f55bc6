// "My loans": each loan with its status in words, its figures, the countdown to the repayment date (or how
// long it is overdue, with the word that it can still be repaid), the rejection reason, the signed
// agreement to download, and repayment through a confirm dialog under one Idempotency-Key.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanRecord, LoanStatus } from '@tradewind/contract';
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

function RepayDialog({ loan, onClose }: { loan: LoanRecord; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const repay = useRepayLoan();
  const intent = useIntentKey();
  const info = useUserInfo();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    repay.mutate(
      { id: loan.id, idempotencyKey: intent.keyFor(loan.id) },
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
        <div className="fact">
          <dt>{t('records.amount')}</dt>
          <dd>
            <Amount value={loan.amount} />
          </dd>
        </div>
        <div className="fact">
          <dt>{t('records.interest')}</dt>
          <dd>
            <Amount value={loan.interest} />
          </dd>
        </div>
        <div className="fact fact-strong">
          <dt>{t('repay.total')}</dt>
          <dd data-testid="repay-total">
            <Amount value={loan.repayAmount} />
          </dd>
        </div>
        {info.data && (
          <div className="fact">
            <dt>{t('repay.balance')}</dt>
            <dd>
              <Amount value={info.data.balance} />
            </dd>
          </div>
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
  const canRepay = loan.status === 'repaying' || loan.status === 'overdue';
  return (
    <li className="loan-item" data-testid="loan-item" data-loan-id={loan.id}>
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
      {loan.status === 'overdue' && (
        <p className="note note-warn" data-testid="loan-overdue">
          {t('records.overdueText')}
        </p>
      )}
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
        {canRepay && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setRepaying(true)}
            data-testid="loan-repay"
          >
            {t('records.repay')}
          </button>
        )}
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
  return (
    <section className="card" aria-labelledby="my-loans-title" id="my-loans" data-testid="my-loans">
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
