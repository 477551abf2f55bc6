// My NFTs (/nfts/mine, CONTRACT.md user listNft): the pieces I own and the auctions I bid on, with my bid
// and whether I lead, am outbid, won or did not win; open ones tick down and refresh every few seconds.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyNft } from '@tradewind/contract';
import { myNftPageSize, useMyNfts } from '../../api/nft.ts';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Card, EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { Amount, Pager } from '../../ui/wallet/parts.tsx';
import { Countdown, useNow } from './Countdown.tsx';
import './nft.css';

type Standing = 'lead' | 'outbid' | 'won' | 'lost';
const tones: Record<Standing, string> = {
  lead: 'badge-up',
  outbid: 'badge-warn',
  won: 'badge-up',
  lost: 'badge-neutral',
};

function standingOf(item: MyNft): Standing {
  if (item.status === 'open') return item.leading ? 'lead' : 'outbid';
  return item.owned ? 'won' : 'lost';
}

function Row({ item, now }: { item: MyNft; now: number }) {
  const { t } = useTranslation('nft');
  const standing = standingOf(item);
  return (
    <li className="nft-mine-row" data-testid="my-nft" data-nft={item.id} data-standing={standing}>
      <img className="nft-thumb" src={item.image} alt="" width={64} height={64} loading="lazy" />
      <div className="nft-mine-main">
        <Link to={`/nfts/${item.id}`} className="nft-mine-name" dir="auto">
          {item.name}
        </Link>
        <span className="muted small">{t('card.by', { creator: item.creator })}</span>
        {item.status === 'open' && <Countdown endAt={item.endAt} now={now} extended={item.extended} />}
      </div>
      <div className="nft-mine-end">
        <span className={`badge ${tones[standing]}`} data-testid="my-nft-standing">
          {t(`mine.${standing}`)}
        </span>
        <span className="muted small">
          {standing === 'won' ? t('mine.wonFor') : t('mine.myBid')}{' '}
          <span data-testid="my-nft-bid">
            <Amount value={item.myBid} />
          </span>
        </span>
        {item.status === 'open' && !item.leading && (
          <span className="muted small">
            {t('card.currentBid')} <Amount value={item.currentBid} />
          </span>
        )}
      </div>
    </li>
  );
}

function Section({ title, empty, list, now }: { title: string; empty: string; list: MyNft[]; now: number }) {
  const { t } = useTranslation('nft');
  return (
    <Card title={title}>
      {list.length === 0 ? (
        <EmptyState title={empty}>
          <Link to="/nfts" className="btn btn-secondary btn-small">
            {t('mine.browse')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="nft-mine">
          {list.map((item) => (
            <Row key={item.id} item={item} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function Mine() {
  const { t } = useTranslation('nft');
  const [page, setPage] = useState(1);
  const mine = useMyNfts(page);
  const list = mine.data?.list ?? [];
  const now = useNow(list.some((item) => item.status === 'open'));
  if (mine.isPending) return <Spinner />;
  if (mine.isError && !mine.data)
    return (
      <div className="card nft-failed">
        <ErrorNote message={t('mine.loadError')} />
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void mine.refetch()}>
          {t('list.retry')}
        </button>
      </div>
    );
  return (
    <div className="nft-page" data-testid="my-nfts">
      <Section
        title={t('mine.owned')}
        empty={t('mine.ownedEmpty')}
        list={list.filter((i) => i.owned)}
        now={now}
      />
      <Section
        title={t('mine.bids')}
        empty={t('mine.bidsEmpty')}
        list={list.filter((i) => !i.owned)}
        now={now}
      />
      <Pager page={page} size={myNftPageSize} total={mine.data.total} onPage={setPage} />
    </div>
  );
}

export default function MyNfts() {
  const { t: tw } = useTranslation();
  return (
    <Page title={tw('titles.myNfts')}>
      <FeatureGate products={['nft']}>
        <RequireLogin>
          <Mine />
        </RequireLogin>
      </FeatureGate>
    </Page>
  );
}
