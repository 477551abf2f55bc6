// The wallet's record lists: fund records (ledger lines of the selected book), deposits and withdrawals with
// their review status. Used on the balance, deposit and withdrawal screens and in transaction records.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  entryLabelKey,
  type Book,
  type Deposit,
  type EntryCategory,
  type FundRecord,
  type Withdrawal,
} from '@tradewind/contract';
import {
  useDeposits,
  useFundRecords,
  useWithdrawalMethods,
  useWithdrawals,
  walletPageSize,
} from '../../api/wallet.ts';
import { useSession } from '../../app/session.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { EmptyState, ErrorNote, Spinner } from '../../ui/kit.tsx';
import { coinScales } from '../../ui/wallet/decimal.ts';
import { Amount, Pager, StatusBadge } from '../../ui/wallet/parts.tsx';
import { Price, statusOfSource } from '../../ui/market/PriceCell.tsx';
import { PayoutTx } from './payout.tsx';

/**
 * The categories offered per book (the contract's `entryCategories`): deposits, withdrawals, plans, loans, NFTs
 * and rewards happen only in the real book, demo funds only in the demo one.
 */
const categoriesOf = {
  real: ['deposits', 'withdrawals', 'contracts', 'smart', 'loans', 'nft', 'invite', 'adjustments'],
  demo: ['contracts', 'adjustments', 'demo'],
} as const satisfies Record<Book, readonly EntryCategory[]>;

/** The name of a record's movement, from the one list of entry kinds both apps share. */
function useEntryLabel(): (record: Pick<FundRecord, 'kind' | 'amount'>) => string {
  const { t } = useTranslation('ledger');
  return (record) => t(entryLabelKey(record.kind, record.amount));
}

function When({ at }: { at: number }) {
  return (
    <time className="muted small" dateTime={new Date(at).toISOString()}>
      {formatDateTime(at, currentLocale())}
    </time>
  );
}

function Loading<T>({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: { list: T[] } | undefined };
  empty: string;
  children: (list: T[]) => React.ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorNote message={query.error?.message ?? ''} />;
  const list = query.data?.list ?? [];
  return list.length === 0 ? <EmptyState title={empty} /> : <>{children(list)}</>;
}

export function FundRecordList() {
  const { t } = useTranslation('wallet');
  const { t: tl } = useTranslation('ledger');
  const labelOf = useEntryLabel();
  const { isDemo } = useSession();
  const [category, setCategory] = useState<EntryCategory | null>(null);
  const [page, setPage] = useState(1);
  const records = useFundRecords(category, page);
  const filters = isDemo ? categoriesOf.demo : categoriesOf.real;
  const choose = (next: EntryCategory | null) => {
    setCategory(next);
    setPage(1);
  };
  return (
    <div className="w-stack" data-testid="fund-records">
      <div className="chips chips-wrap" role="group" aria-label={t('records.filterLabel')}>
        {[null, ...filters].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className={value === category ? 'chip chip-on' : 'chip'}
            aria-pressed={value === category}
            data-category={value ?? 'all'}
            onClick={() => choose(value)}
          >
            {tl(`categories.${value ?? 'all'}`)}
          </button>
        ))}
      </div>
      <Loading query={records} empty={t('records.empty')}>
        {(list: FundRecord[]) => (
          <ul className="rows">
            {list.map((record) => (
              <li key={record.id} className="row" data-testid="fund-record" data-kind={record.kind}>
                <div className="row-main">
                  <span className="row-title">{labelOf(record)}</span>
                  <When at={record.createdAt} />
                </div>
                <div className="row-end">
                  <Amount value={record.amount} signed />
                  <span className="muted small">
                    {t('records.balanceAfter')} <Amount value={record.balanceAfter} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loading>
      {records.data && (
        <Pager page={page} size={walletPageSize} total={records.data.total} onPage={setPage} />
      )}
    </div>
  );
}

/** "0x12ab…9f3c": enough of a hash or address to recognize it; the whole value is in the title. */
export function shortened(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('wallet');
  return (
    <li className="row" data-testid="deposit-row">
      <div className="row-main">
        <span className="row-title">
          {t('deposits.rowTitle', { asset: deposit.asset, network: deposit.network })}
        </span>
        <When at={deposit.createdAt} />
        <span className="muted small">
          {t('deposits.txHash')}{' '}
          <code className="ltr" title={deposit.txHash}>
            {shortened(deposit.txHash)}
          </code>
        </span>
        {deposit.rateTick && (
          <span className="muted small" data-testid="deposit-rate">
            {t('deposits.rate')}{' '}
            <bdi>
              1 {deposit.asset} ={' '}
              <Price
                value={deposit.rate}
                source={deposit.rateTick.source}
                status={statusOfSource(deposit.rateTick.source)}
              />{' '}
              USDT
            </bdi>{' '}
            · {t('deposits.tick', { id: deposit.rateTick.id })}
          </span>
        )}
        {deposit.reason && (
          <span className="row-reason">{t('common.reason', { reason: deposit.reason })}</span>
        )}
      </div>
      <div className="row-end">
        <Amount value={deposit.amount} />
        {deposit.asset !== 'USDT' && (
          <span className="muted small">
            {t('deposits.sent')}{' '}
            <Amount
              value={deposit.payAmount}
              asset={deposit.asset}
              context="exact"
              scale={coinScales[deposit.asset]}
            />
          </span>
        )}
        <StatusBadge status={deposit.status} />
      </div>
    </li>
  );
}

export function DepositList() {
  const { t } = useTranslation('wallet');
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page);
  return (
    <div className="w-stack" data-testid="deposit-list">
      <Loading query={deposits} empty={t('deposits.empty')}>
        {(list: Deposit[]) => (
          <ul className="rows">
            {list.map((deposit) => (
              <DepositRow key={deposit.id} deposit={deposit} />
            ))}
          </ul>
        )}
      </Loading>
      {deposits.data && (
        <Pager page={page} size={walletPageSize} total={deposits.data.total} onPage={setPage} />
      )}
    </div>
  );
}

function WithdrawalRow({ withdrawal, method }: { withdrawal: Withdrawal; method: string | undefined }) {
  const { t } = useTranslation('wallet');
  return (
    <li className="row" data-testid="withdrawal-row">
      <div className="row-main">
        <span className="row-title">{method ?? t('withdrawals.removedMethod')}</span>
        <When at={withdrawal.createdAt} />
        <span className="muted small">
          {t('withdrawals.feeLine')} <Amount value={withdrawal.fee} />
        </span>
        {withdrawal.reason && (
          <span className="row-reason">{t('common.reason', { reason: withdrawal.reason })}</span>
        )}
        <PayoutTx withdrawal={withdrawal} />
      </div>
      <div className="row-end">
        <Amount value={withdrawal.amount} />
        {/* Paid out: received; still in review: yet to come; refused: nothing arrives, so no line. */}
        {withdrawal.status !== 'rejected' && (
          <span className="muted small" data-testid="withdrawal-net">
            {withdrawal.status === 'approved' ? t('withdrawals.netLine') : t('withdrawals.netPending')}{' '}
            <Amount value={withdrawal.netAmount} />
          </span>
        )}
        <StatusBadge status={withdrawal.status} />
      </div>
    </li>
  );
}

export function WithdrawalList() {
  const { t } = useTranslation('wallet');
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(page);
  const methods = useWithdrawalMethods();
  const labelOf = (id: string) => methods.data?.find((m) => m.id === id)?.label;
  return (
    <div className="w-stack" data-testid="withdrawal-list">
      <Loading query={withdrawals} empty={t('withdrawals.empty')}>
        {(list: Withdrawal[]) => (
          <ul className="rows">
            {list.map((withdrawal) => (
              <WithdrawalRow
                key={withdrawal.id}
                withdrawal={withdrawal}
                method={labelOf(withdrawal.methodId)}
              />
            ))}
          </ul>
        )}
      </Loading>
      {withdrawals.data && (
        <Pager page={page} size={walletPageSize} total={withdrawals.data.total} onPage={setPage} />
      )}
    </div>
  );
}
