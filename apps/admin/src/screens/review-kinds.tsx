// How each review queue shows its items, from the contract's typed item of that kind: the summary in the
// table row, the fields and the evidence in the detail pane. Every field is placed and formatted here on
// purpose (an amount with its asset, a hash in monospace); nothing is guessed from a field's name.
import { Fragment, type ReactNode } from 'react';
import {
  explorerNames,
  explorerTxUrl,
  type ReviewItemOf,
  type ReviewQueueKind,
  type Withdrawal,
} from '@tradewind/contract';
import type { AdminCatalogue } from '@tradewind/i18n/admin';
import { useT } from '../i18n/i18n.ts';
import { EvidenceGallery } from '../ui/Evidence.tsx';
import { Digits, Empty, FieldGroup, Mono, Text, Time, type Field } from '../ui/Fields.tsx';
import { Amount, StatusBadge } from '../ui/kit.tsx';
import { formatFraction } from '../ui/money.ts';
import { ApplicantFinances } from './ApplicantFinances.tsx';

type ItemProps<K extends ReviewQueueKind> = { item: ReviewItemOf<K> };
export type KindView<K extends ReviewQueueKind> = {
  Summary: (props: ItemProps<K>) => ReactNode;
  Details: (props: ItemProps<K>) => ReactNode;
};

export const kindViews: { [K in ReviewQueueKind]: KindView<K> } = {
  deposits: { Summary: DepositSummary, Details: DepositDetails },
  withdrawals: { Summary: WithdrawalSummary, Details: WithdrawalDetails },
  kyc: { Summary: KycSummary, Details: KycDetails },
  loans: { Summary: LoanSummary, Details: LoanDetails },
};

/** The customer of any item: every queue's item carries `user`. */
export function Customer({ user }: { user: { id: string; userName: string; email: string } }) {
  return (
    <div className="stack">
      <span className="strong">
        <bdi>{user.userName}</bdi>
      </span>
      <span className="muted small">
        #{user.id} · <bdi>{user.email}</bdi>
      </span>
    </div>
  );
}

function SummaryLine({ parts }: { parts: ReactNode[] }) {
  return (
    <span className="muted small summary-line">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A field named by its key in the `fields` catalogue. */
type KeyedField = { key: keyof AdminCatalogue['fields']; value: ReactNode; wide?: boolean };

function customerFields(user: { id: string; userName: string; email: string }): KeyedField[] {
  return [
    { key: 'id', value: <Digits value={user.id} /> },
    { key: 'userName', value: <Text value={user.userName} /> },
    { key: 'email', value: <Text value={user.email} /> },
  ];
}

function useLabelled() {
  const { t } = useT();
  return (fields: KeyedField[]): Field[] =>
    fields.map(({ key, ...f }) => ({ ...f, label: t(`fields.${key}`) }));
}

type Decided = {
  status: string;
  reason?: string | null | undefined;
  createdAt: number;
  reviewedAt?: number | null | undefined;
};

function decisionFields(item: Decided): KeyedField[] {
  return [
    { key: 'status', value: <StatusBadge status={item.status} /> },
    { key: 'reason', value: <Text value={item.reason} />, wide: true },
    { key: 'createdAt', value: <Time epochMs={item.createdAt} /> },
    { key: 'reviewedAt', value: <Time epochMs={item.reviewedAt} /> },
  ];
}

function DepositSummary({ item }: ItemProps<'deposits'>) {
  const { t } = useT();
  return (
    <div className="stack">
      <Amount value={item.amount} asset="USDT" />
      <SummaryLine
        parts={[
          <>
            {t('fields.payAmount')}: <Amount value={item.payAmount} asset={item.asset} />
          </>,
          <bdi key="n">{item.network}</bdi>,
        ]}
      />
    </div>
  );
}

function DepositDetails({ item }: ItemProps<'deposits'>) {
  const { t } = useT();
  const labelled = useLabelled();
  const tick = item.rateTick;
  return (
    <div className="details">
      <EvidenceGallery files={[{ path: 'proofUrl', label: t('fields.proofUrl'), url: item.proofUrl }]} />
      <FieldGroup
        title={t('reviews.groups.deposit')}
        fields={labelled([
          { key: 'amount', value: <Amount value={item.amount} asset="USDT" /> },
          { key: 'payAmount', value: <Amount value={item.payAmount} asset={item.asset} /> },
          {
            key: 'rate',
            // USDT is credited 1:1; a coin at the rate locked from its tick, in USDT per coin.
            value:
              item.asset === 'USDT' ? (
                t('channels.oneToOne')
              ) : (
                <>
                  <Amount value={item.rate} asset="USDT" /> <span className="muted">/ {item.asset}</span>
                </>
              ),
          },
          { key: 'spreadBps', value: <Digits value={t('reviews.bps', { bps: item.spreadBps })} /> },
          {
            key: 'rateTick',
            value: tick ? (
              <span>
                #<Digits value={tick.id} /> · <Amount value={tick.price} /> ({tick.code}) ·{' '}
                {t(`reviews.source.${tick.source}`)} · <Time epochMs={tick.at} />
              </span>
            ) : (
              <Empty />
            ),
            wide: true,
          },
          { key: 'channelName', value: <Text value={item.channelName} /> },
          { key: 'address', value: <Mono value={item.address} />, wide: true },
          { key: 'txHash', value: <Mono value={item.txHash} />, wide: true },
          { key: 'last6', value: <Mono value={item.last6} /> },
          ...decisionFields(item),
          { key: 'reviewedBy', value: <Digits value={item.reviewedBy} /> },
          { key: 'entryId', value: <Digits value={item.entryId} /> },
        ])}
      />
      <FieldGroup title={t('fields.user')} fields={labelled(customerFields(item.user))} />
    </div>
  );
}

function WithdrawalSummary({ item }: ItemProps<'withdrawals'>) {
  const { t } = useT();
  return (
    <div className="stack">
      <Amount value={item.amount} asset="USDT" />
      <SummaryLine
        parts={[
          <>
            {t('fields.fee')}: <Amount value={item.fee} />
          </>,
          <bdi key="m">{item.method.label}</bdi>,
        ]}
      />
    </div>
  );
}

function WithdrawalDetails({ item }: ItemProps<'withdrawals'>) {
  const { t, tMaybe, locale } = useT();
  const labelled = useLabelled();
  const m = item.method;
  const destination: KeyedField[] =
    m.type === 'bank'
      ? [
          { key: 'bankName', value: <Text value={m.bankName} /> },
          { key: 'holderName', value: <Text value={m.holderName} /> },
          { key: 'cardMasked', value: <Mono value={m.cardMasked} /> },
        ]
      : [
          { key: 'network', value: <Text value={m.network} /> },
          { key: 'address', value: <Mono value={m.address} />, wide: true },
        ];
  return (
    <div className="details">
      <FieldGroup
        title={t('reviews.groups.withdrawal')}
        fields={labelled([
          { key: 'amount', value: <Amount value={item.amount} asset="USDT" /> },
          { key: 'fee', value: <Amount value={item.fee} asset="USDT" /> },
          { key: 'feeRate', value: <Digits value={formatFraction(item.feeRate, locale)} /> },
          { key: 'netAmount', value: <Amount value={item.netAmount} asset="USDT" /> },
          ...decisionFields(item),
          { key: 'payoutTxHash', value: <PayoutTx item={item} />, wide: true },
        ])}
      />
      <FieldGroup
        title={t('fields.method')}
        fields={labelled([
          { key: 'type', value: t(`values.${m.type}`) },
          { key: 'label', value: <Text value={m.label} /> },
          ...destination,
        ])}
      />
      <FieldGroup
        title={t('fields.user')}
        fields={labelled([
          ...customerFields(item.user),
          {
            key: 'kycStatus',
            value: kycText(tMaybe, item.user.kycStatus),
          },
        ])}
      />
    </div>
  );
}

/** A crypto payout's transaction, with a link to the chain's public explorer. */
export function PayoutTx({ item }: { item: Withdrawal }) {
  const { t } = useT();
  if (!item.payoutChain || !item.payoutTxHash) return <Empty />;
  return (
    <span className="stack">
      <Mono value={item.payoutTxHash} />
      <a href={explorerTxUrl(item.payoutChain, item.payoutTxHash)} target="_blank" rel="noreferrer">
        {t('reviews.viewOnExplorer', { explorer: explorerNames[item.payoutChain] })}
      </a>
    </span>
  );
}

function KycSummary({ item }: ItemProps<'kyc'>) {
  const { t, region } = useT();
  return (
    <div className="stack">
      <span className="strong">
        <bdi>
          {item.firstName} {item.lastName}
        </bdi>
      </span>
      <SummaryLine parts={[t(`values.${item.docType}`), region(item.country)]} />
    </div>
  );
}

function KycDetails({ item }: ItemProps<'kyc'>) {
  const { t, region } = useT();
  const labelled = useLabelled();
  const photos = (['front', 'back', 'selfie'] as const).map((side) => ({
    path: `photos.${side}`,
    label: t(`fields.${side}`),
    url: item.photos[side],
  }));
  return (
    <div className="details">
      <EvidenceGallery files={photos} />
      <FieldGroup
        title={t('reviews.groups.identity')}
        fields={labelled([
          { key: 'firstName', value: <Text value={item.firstName} /> },
          { key: 'lastName', value: <Text value={item.lastName} /> },
          { key: 'sex', value: t(`values.${item.sex}`) },
          { key: 'birthdate', value: <Digits value={item.birthdate} /> },
          { key: 'country', value: `${region(item.country)} (${item.country})` },
          { key: 'address', value: <Text value={item.address} />, wide: true },
          { key: 'phone', value: <Digits value={`${item.areaCode} ${item.phone}`} /> },
          { key: 'docType', value: t(`values.${item.docType}`) },
          ...decisionFields(item),
          { key: 'reviewedBy', value: <Digits value={item.reviewedBy} /> },
        ])}
      />
      <FieldGroup title={t('fields.user')} fields={labelled(customerFields(item.user))} />
    </div>
  );
}

// Loans: the customer with their KYC status, the terms as the customer signed them, the signed agreement
// (fetched with the token and opened from a blob: URL) and its SHA-256, the decision, what a loan past its
// date has cost and what is owed now, and the applicant's finances the decision weighs.
function kycText(tMaybe: (key: string) => string | undefined, status: number): string {
  return tMaybe(`kycStatus.${status}`) ?? String(status);
}

function LoanSummary({ item }: ItemProps<'loans'>) {
  const { t, tMaybe } = useT();
  return (
    <div className="stack">
      <Amount value={item.amount} asset="USDT" />
      <SummaryLine
        parts={[
          <bdi key="p">{item.productName}</bdi>,
          <>
            {t('fields.repayAmount')}: <Amount value={item.repayAmount} />
          </>,
          <>
            {t('fields.kycStatus')}: {kycText(tMaybe, item.user.kycStatus)}
          </>,
        ]}
      />
      {item.overdueAt !== undefined && <LateLine item={item} />}
    </div>
  );
}

/** A loan that went past its date, in its row: since when, the late cost accrued, paid so far, owed now. */
function LateLine({ item }: ItemProps<'loans'>) {
  const { t } = useT();
  return (
    <SummaryLine
      parts={[
        <>
          {t('fields.overdueAt')}: <Time epochMs={item.overdueAt} />
        </>,
        <>
          {t('fields.lateCharge')}: <Amount value={item.lateCharge} />
        </>,
        <>
          {t('fields.paid')}: <Amount value={item.paid} />
        </>,
        <>
          {t('fields.owed')}: <Amount value={item.owed} />
        </>,
      ]}
    />
  );
}

function LoanDetails({ item }: ItemProps<'loans'>) {
  const { t, tMaybe, locale } = useT();
  const labelled = useLabelled();
  return (
    <div className="details">
      <EvidenceGallery
        files={[{ path: 'agreementUrl', label: t('reviews.agreementFile'), url: item.agreementUrl }]}
      />
      <FieldGroup
        title={t('reviews.groups.loan')}
        fields={labelled([
          { key: 'product', value: <Text value={item.productName} /> },
          { key: 'amount', value: <Amount value={item.amount} asset="USDT" /> },
          { key: 'termDays', value: <Digits value={String(item.termDays)} /> },
          { key: 'freeDays', value: <Digits value={String(item.freeDays)} /> },
          { key: 'dailyRate', value: <Digits value={formatFraction(item.dailyRate, locale)} /> },
          { key: 'interest', value: <Amount value={item.interest} asset="USDT" /> },
          { key: 'repayAmount', value: <Amount value={item.repayAmount} asset="USDT" /> },
          { key: 'repayDate', value: <Time epochMs={item.repayDate} /> },
          {
            key: 'overdueDailyRate',
            value: <Digits value={formatFraction(item.overdueDailyRate, locale)} />,
          },
          { key: 'overdueAt', value: <Time epochMs={item.overdueAt} /> },
          { key: 'lateCharge', value: <Amount value={item.lateCharge} asset="USDT" /> },
          { key: 'paid', value: <Amount value={item.paid} asset="USDT" /> },
          { key: 'owed', value: <Amount value={item.owed} asset="USDT" /> },
          { key: 'agreementSha256', value: <Mono value={item.agreementSha256} />, wide: true },
          ...decisionFields(item),
          { key: 'reviewedBy', value: <Digits value={item.reviewedBy} /> },
          { key: 'entryId', value: <Digits value={item.entryId} /> },
          { key: 'repaidAt', value: <Time epochMs={item.repaidAt} /> },
        ])}
      />
      <FieldGroup
        title={t('fields.user')}
        fields={labelled([
          ...customerFields(item.user),
          { key: 'kycStatus', value: kycText(tMaybe, item.user.kycStatus) },
        ])}
      />
      <ApplicantFinances userId={item.user.id} loanId={item.id} />
    </div>
  );
}
