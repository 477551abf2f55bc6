// Charity NFT auctions (spec.md §1, issue 11): where the money goes and the collection's donations so far,
// the open and sold pieces as cards with live countdowns, and the public donation ledger. Public: visitors
// browse, bidding asks them to log in on the detail.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Nft } from '@tradewind/contract';
import { nftPageSize, useDonations, useNfts } from '../../api/nft.ts';
import { useSession } from '../../app/session.ts';
import { CharityNamed } from '../../layout/CharityNamed.tsx';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { Amount, Pager } from '../../ui/wallet/parts.tsx';
import { useNow } from './Countdown.tsx';
import { DonationLedger } from './DonationLedger.tsx';
import { NftCard } from './NftCard.tsx';
import './nft.css';

const tabs = ['open', 'sold'] as const;
type Tab = (typeof tabs)[number];

/** The collection's donations so far: the ledger's first page carries the totals (a cached query). */
function Charity() {
  const { t } = useTranslation('nft');
  const donationTotal = useDonations(1).data?.totals.donated;
  return (
    <section className="card nft-charity" data-testid="nft-charity">
      <div>
        <h2 className="card-title">{t('charity.title')}</h2>
        <CharityNamed className="nft-charity-named" />
        <p className="muted">{t('charity.text')}</p>
        <p className="muted small">{t('charity.ledgerText')}</p>
      </div>
      {donationTotal !== undefined && (
        <div className="nft-charity-total">
          <span className="muted small">{t('list.collectionTotal')}</span>
          <strong data-testid="nft-donation-total">
            <Amount value={donationTotal} />
          </strong>
        </div>
      )}
    </section>
  );
}

function Grid({ list }: { list: Nft[] }) {
  const { t } = useTranslation('nft');
  const now = useNow(list.some((item) => item.status === 'open'));
  return (
    <ul className="nft-grid" aria-label={t('list.tabsLabel')} data-testid="nft-grid">
      {list.map((item) => (
        <NftCard key={item.id} item={item} now={now} />
      ))}
    </ul>
  );
}

function Collection({ tab, page, onPage }: { tab: Tab; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('nft');
  const nfts = useNfts(tab, page);
  if (nfts.isPending) return <Spinner />;
  if (nfts.isError && !nfts.data)
    return (
      <div className="card nft-failed" data-testid="nfts-error">
        <ErrorNote message={t('list.loadError')} />
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void nfts.refetch()}>
          {t('list.retry')}
        </button>
      </div>
    );
  return (
    <>
      {nfts.data.list.length === 0 ? (
        <div className="card">
          <EmptyState
            title={tab === 'open' ? t('list.emptyOpen') : t('list.emptySold')}
            text={t('list.emptyText')}
          />
        </div>
      ) : (
        <Grid list={nfts.data.list} />
      )}
      <Pager page={page} size={nftPageSize} total={nfts.data.total} onPage={onPage} />
    </>
  );
}

export default function Nfts() {
  const { t } = useTranslation('nft');
  const { t: tw } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('status') === 'sold' ? 'sold' : 'open';
  const [page, setPage] = useState(1);
  const choose = (next: Tab) => {
    setPage(1);
    setSearch(next === 'open' ? {} : { status: next }, { replace: true });
  };
  return (
    <Page
      title={tw('titles.nfts')}
      intro={t('list.intro')}
      actions={
        user && (
          <Link to="/nfts/mine" className="btn btn-secondary btn-small" data-testid="nft-mine-link">
            {t('list.mine')}
          </Link>
        )
      }
    >
      <FeatureGate products={['nft']}>
        <div className="nft-page">
          <Charity />
          <div className="chips" role="tablist" aria-label={t('list.tabsLabel')}>
            {tabs.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={value === tab}
                className={value === tab ? 'chip chip-on' : 'chip'}
                onClick={() => choose(value)}
                data-tab={value}
              >
                {t(`list.${value}`)}
              </button>
            ))}
          </div>
          <Collection tab={tab} page={page} onPage={setPage} />
          <DonationLedger />
        </div>
      </FeatureGate>
    </Page>
  );
}
