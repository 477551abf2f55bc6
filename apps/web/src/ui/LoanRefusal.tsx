// Refusals that a loan explains (issue 24, DESIGN §1.11): 10171 — while a loan is owed, plans and bids are
// paid from the customer's own funds, and the server's message says how much may be used — and 10172 — an
// overdue loan stops withdrawals, real-book contracts, plans and bids. The server's message says why; the
// note adds the way to My loans, where the loan's figures are and it can be repaid. For the screens those
// refusals reach (plans, bids, withdrawals, the trade ticket), all lazy chunks: none of this is on home.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { ApiError } from '../api/client.ts';
import { ErrorNote } from './kit.tsx';

const loanCodes: ReadonlySet<string> = new Set([codes.ownFundsRequired, codes.loanOverdue]);

/** Whether `error` is a refusal because of the customer's loan. */
export function isLoanRefusal(error: unknown): boolean {
  return error instanceof ApiError && loanCodes.has(error.code);
}

/** The server's message of a loan refusal, as an alert, with the link to My loans. */
export function LoanRefusalNote({ message, testId }: { message: string; testId: string }) {
  const { t } = useTranslation('loans');
  const ref = useRef<HTMLDivElement>(null);
  // It comes at the end of a confirm step, which on a phone is a sheet whose buttons stay over its bottom:
  // brought to the middle, the reason and its link are seen, not only announced.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, [message]);
  return (
    <div ref={ref} className="note note-error with-action" role="alert" data-testid={testId}>
      <span>{message}</span>
      <Link to="/loan#my-loans" className="btn btn-secondary btn-small" data-testid={`${testId}-link`}>
        {t('refusal.myLoans')}
      </Link>
    </div>
  );
}

/** A refusal's message as the screens show any error, or, when the loan is why (`byLoan`), with the link. */
export function RefusalNote({
  message,
  byLoan,
  testId,
}: {
  message: string;
  byLoan: boolean;
  testId: string;
}) {
  return byLoan ? <LoanRefusalNote message={message} testId={testId} /> : <ErrorNote message={message} />;
}
