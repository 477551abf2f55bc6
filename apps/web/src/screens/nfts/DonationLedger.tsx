// The public donation ledger (CONTRACT.md listDonation): the totals — donated, paid to the charity, still
// held — and every settled auction and payout with the journal entry that moved it, so anyone can add
// them up. Visitors see it too.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationRow } from '@tradewind/contract';
import { donationPageSize, useDonations } from '../../api/nft.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { EmptyState, ErrorNote, Spinner } from '../../ui/kit.tsx';
import { Amount, Pager } from '../../ui/wallet/parts.tsx';
import '../../ui/wallet/wallet.css';

function LedgerRow({ row }: { row: DonationRow }) {
  const { t } = useTranslation('nft');
  const payout = row.kind === 'payout';
  return (
    <li className="row" data-testid="donation-row" data-kind={row.kind}>
      <div className="row-main">
        <span className="row-title">
          <span className={payout ? 'badge badge-neutral' : 'badge badge-up'}>
            {payout ? t('ledger.payout') : t('ledger.donation')}
          </span>{' '}
          <bdi>{payout ? row.reference : row.nftName}</bdi>
        </span>
        <time className="muted small" dateTime={new Date(row.at).toISOString()}>
          {formatDateTime(row.at, currentLocale())}
        </time>
      </div>
      <div className="row-end">
        <Amount value={payout ? `-${row.amount}` : row.amount} signed />
        <span className="muted small">
          {t('ledger.entry')} <bdi className="num">#{row.entryId}</bdi>
        </span>
      </div>
    </li>
  );
}

export function DonationLedger() {
  const { t } = useTranslation('nft');
  const [page, setPage] = useState(1);
  const donations = useDonations(page);
  return (
    <section className="card nft-ledger" aria-labelledby="nft-ledger-title" data-testid="donation-ledger">
      <h2 className="card-title" id="nft-ledger-title">
        {t('ledger.title')}
      </h2>
      <p className="muted small">{t('ledger.intro')}</p>
      {donations.isPending ? (
        <Spinner />
      ) : donations.isError && !donations.data ? (
        <div className="nft-failed">
          <ErrorNote message={t('ledger.loadError')} />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void donations.refetch()}
          >
            {t('list.retry')}
          </button>
        </div>
      ) : (
        <>
          <dl className="nft-totals" data-testid="donation-totals">
            <div className="nft-total">
              <dt>{t('ledger.donations')}</dt>
              <dd data-testid="total-donated">
                <Amount value={donations.data.totals.donated} />
              </dd>
            </div>
            <div className="nft-total">
              <dt>{t('ledger.payouts')}</dt>
              <dd data-testid="total-paid">
                <Amount value={donations.data.totals.paidOut} />
              </dd>
            </div>
            <div className="nft-total">
              <dt>{t('ledger.balance')}</dt>
              <dd data-testid="total-held">
                <Amount value={donations.data.totals.held} />
              </dd>
            </div>
          </dl>
          {donations.data.list.length === 0 ? (
            <EmptyState title={t('ledger.empty')} text={t('ledger.emptyText')} />
          ) : (
            <ul className="rows">
              {donations.data.list.map((row) => (
                <LedgerRow key={`${row.kind}-${row.id}`} row={row} />
              ))}
            </ul>
          )}
          <Pager page={page} size={donationPageSize} total={donations.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
