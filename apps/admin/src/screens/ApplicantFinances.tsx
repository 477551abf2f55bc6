// The applicant's finances in a loan's review (issue 24 "Finance decides with the facts"): the loan weighed
// against the customer's own funds, what those are made of, money in and out to date, what is in contracts
// and plans now, and the other loans with how they were repaid. Every figure is the server's, computed from
// the ledger when asked (GET /admin/api/customers/{id}/finances); nothing is added up here.
import { useId, type ReactNode } from 'react';
import type { ApplicantFinances as Finances, ApplicantLoan } from '@tradewind/contract';
import { useApplicantFinances } from '../api/customers.ts';
import { useT } from '../i18n/i18n.ts';
import { FieldList, type Field } from '../ui/Fields.tsx';
import { Amount, Badge, ErrorNote, StatusBadge } from '../ui/kit.tsx';
import { formatAmount, formatFraction } from '../ui/money.ts';
import { isolate, Section, Time } from './customer-parts.tsx';
import './finances.css';

export function ApplicantFinances({ userId, loanId }: { userId: string; loanId: string }) {
  const { t } = useT();
  const finances = useApplicantFinances(userId, loanId);
  const titleId = useId();
  let body: ReactNode;
  if (finances.isPending) {
    body = (
      <p className="table-state" role="status">
        {t('common.loading')}
      </p>
    );
  } else if (finances.error) {
    body = (
      <ErrorNote
        error={finances.error}
        onRetry={() => void finances.refetch()}
        forbidden={t('reviews.finances.forbidden')}
      />
    );
  } else {
    body = <Figures f={finances.data} />;
  }
  return (
    <section
      className="field-group applicant-finances"
      aria-labelledby={titleId}
      aria-busy={finances.isPending}
    >
      <h3 id={titleId} className="detail-heading">
        {t('reviews.finances.title')}
      </h3>
      <p className="finances-intro">{t('reviews.finances.intro')}</p>
      {body}
    </section>
  );
}

/** A titled list of figures inside the section. */
function Part({ title, fields, children }: { title: string; fields?: Field[]; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="finances-part" aria-labelledby={id}>
      <h4 id={id} className="finances-heading">
        {title}
      </h4>
      {fields && <FieldList fields={fields} />}
      {children}
    </section>
  );
}

function Figures({ f }: { f: Finances }) {
  const { t, integer, locale } = useT();
  const usdt = (value: string) => <Amount value={value} asset="USDT" />;
  const counted = (count: number, value: string) =>
    t('reviews.finances.countAmount', {
      count: integer(count),
      amount: isolate(formatAmount(value, 'USDT', locale)),
    });
  const a = f.affordability;
  return (
    <>
      <Part
        title={t('reviews.finances.affordability')}
        fields={
          a
            ? [
                { label: t('reviews.finances.ownFunds'), value: usdt(f.ownFunds) },
                { label: t('fields.repayAmount'), value: usdt(a.repayAmount) },
                {
                  label: t('reviews.finances.coverRatio'),
                  value: (
                    <span className="stack">
                      <span className="num" dir="ltr">
                        {formatAmount(a.coverRatio, undefined, locale)}
                      </span>
                      <Badge tone={a.covered ? 'good' : 'bad'}>
                        {t(a.covered ? 'reviews.finances.covered' : 'reviews.finances.notCovered')}
                      </Badge>
                    </span>
                  ),
                },
                {
                  label: t('reviews.finances.borrowedShare'),
                  value: (
                    <span className="num" dir="ltr">
                      {formatFraction(a.borrowedShare, locale)}
                    </span>
                  ),
                },
              ]
            : undefined
        }
      >
        {!a && <p className="finances-empty">{t('reviews.finances.noLoan')}</p>}
      </Part>
      <Part
        title={t('reviews.finances.ownFundsParts')}
        fields={[
          { label: t('customers.cash'), value: usdt(f.balances.cash) },
          { label: t('customers.planPrincipal'), value: usdt(f.balances.planPrincipal) },
          { label: t('reviews.finances.principalOwed'), value: usdt(f.loanPrincipalOutstanding) },
          { label: t('reviews.finances.ownFunds'), value: <strong>{usdt(f.ownFunds)}</strong> },
          { label: t('customers.margin'), value: usdt(f.balances.margin) },
          { label: t('customers.withdrawalHold'), value: usdt(f.balances.withdrawalHold) },
          { label: t('customers.bidHold'), value: usdt(f.balances.bidHold) },
        ]}
      >
        <p className="finances-hint">{t('reviews.finances.ownFundsHint')}</p>
      </Part>
      <Part
        title={t('reviews.finances.activity')}
        fields={[
          {
            label: t('reviews.finances.depositsApproved'),
            value: counted(f.deposits.approved, f.deposits.approvedAmount),
          },
          { label: t('reviews.finances.depositsPending'), value: integer(f.deposits.pending) },
          {
            label: t('reviews.finances.withdrawalsApproved'),
            value: counted(f.withdrawals.approved, f.withdrawals.approvedAmount),
          },
          { label: t('reviews.finances.withdrawalsPending'), value: integer(f.withdrawals.pending) },
          {
            label: t('reviews.finances.openContracts'),
            value: counted(f.contracts.open, f.contracts.margin),
          },
          {
            label: t('reviews.finances.earningPlans'),
            value: counted(f.smartPlans.earning, f.smartPlans.principal),
          },
        ]}
      />
      <OtherLoans loans={f.loans} />
    </>
  );
}

function OtherLoans({ loans }: { loans: Finances['loans'] }) {
  const { t, integer, locale } = useT();
  const columns = [
    t('fields.id'),
    t('fields.product'),
    t('fields.amount'),
    t('fields.status'),
    t('reviews.finances.repayment'),
    t('fields.lateCharge'),
    t('reviews.finances.latePaid'),
    t('fields.owed'),
  ];
  return (
    <Section
      title={t('reviews.finances.otherLoans')}
      summary={t('reviews.finances.loanRecord', {
        onTime: integer(loans.repaidOnTime),
        late: integer(loans.repaidLate),
        overdue: integer(loans.overdueNow),
        amount: isolate(formatAmount(loans.lateChargePaid, 'USDT', locale)),
      })}
      total={loans.total}
      shown={loans.list.length}
      empty={t('reviews.finances.noOtherLoans')}
      columns={columns}
      cards
    >
      {loans.list.map((l) => (
        <LoanRow key={l.id} loan={l} labels={columns} />
      ))}
    </Section>
  );
}

/** One past loan; each cell carries its column's label for the phone's card layout (admin.css). */
function LoanRow({ loan, labels }: { loan: ApplicantLoan; labels: readonly string[] }) {
  const { t } = useT();
  const cell = (i: number, value: ReactNode, className?: string) => (
    <td data-label={labels[i]} className={className}>
      {value}
    </td>
  );
  const repayment =
    loan.repaidLate === null ? (
      <span className="muted">—</span>
    ) : (
      <Badge tone={loan.repaidLate ? 'warn' : 'good'}>
        {t(loan.repaidLate ? 'reviews.finances.late' : 'reviews.finances.onTime')}
      </Badge>
    );
  return (
    <tr>
      {cell(0, loan.id, 'num')}
      {cell(1, <bdi>{loan.productName}</bdi>)}
      {cell(2, <Amount value={loan.amount} />, 'num')}
      {cell(
        3,
        <span className="stack">
          <StatusBadge status={loan.status} />
          {loan.overdueAt !== null && (
            <span className="muted small">
              {t('fields.overdueAt')}: <Time ms={loan.overdueAt} />
            </span>
          )}
        </span>,
      )}
      {cell(4, repayment)}
      {cell(5, <Amount value={loan.lateCharge} />, 'num')}
      {cell(6, <Amount value={loan.latePaid} />, 'num')}
      {cell(7, <Amount value={loan.owed} />, 'num')}
    </tr>
  );
}
