// NFT detail (/nfts/:id, issue 11): the artwork large, who made it and, once an operator recorded it, where it
// lives on chain (else: a platform-issued collectible), the charity it benefits, the current and minimum next
// bid, the bids, the live countdown with the anti-sniping rule in plain words, and the bid panel. An open
// piece is fetched again every few seconds, so a rival's bid shows without a reload; an unknown or over-long
// id shows a not-found state.
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isIdString, type NftDetail as Detail } from '@tradewind/contract';
import { ApiError } from '../../api/client.ts';
import { useNft } from '../../api/nft.ts';
import { CharityNamed } from '../../layout/CharityNamed.tsx';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { Amount } from '../../ui/wallet/parts.tsx';
import { BidPanel } from './BidPanel.tsx';
import { Countdown, useNow } from './Countdown.tsx';
import { usdtText } from './usdt-text.ts';
import './nft.css';

function Fact({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('nft');
  return (
    <div className="card" data-testid="nft-not-found">
      <EmptyState title={t('detail.notFoundTitle')} text={t('detail.notFoundText')}>
        <Link to="/nfts" className="btn btn-secondary btn-small">
          {t('detail.back')}
        </Link>
      </EmptyState>
    </div>
  );
}

/**
 * Where the token lives, only as an operator recorded it (a checked EIP-55 address); a piece with no record
 * is said to be what it is: a collectible issued by the platform, not a token on any chain.
 */
function OnChain({ item }: { item: Detail }) {
  const { t } = useTranslation('nft');
  if (item.chain === null || item.contractAddress === null || item.tokenId === null)
    return (
      <Fact label={t('detail.issuedAs')} testId="nft-collectible">
        {t('detail.platformIssued')}
      </Fact>
    );
  return (
    <>
      <Fact label={t('detail.chain')} testId="nft-chain">
        <bdi>{item.chain}</bdi>
      </Fact>
      <Fact label={t('detail.contractAddress')} testId="nft-contract">
        <code className="nft-mono" dir="ltr">
          {item.contractAddress}
        </code>
      </Fact>
      <Fact label={t('detail.tokenId')} testId="nft-token">
        <code className="nft-mono" dir="ltr">
          {item.tokenId}
        </code>
      </Fact>
    </>
  );
}

function Facts({ item, now }: { item: Detail; now: number }) {
  const { t } = useTranslation('nft');
  const locale = currentLocale();
  const open = item.status === 'open';
  return (
    <dl className="card facts nft-facts">
      <Fact label={t('detail.creator')} testId="nft-creator">
        <bdi>{item.creator}</bdi>
      </Fact>
      <OnChain item={item} />
      <Fact label={t('detail.currentBid')} testId="nft-current-bid">
        <Amount value={item.currentBid} />
      </Fact>
      {open && (
        <Fact label={t('detail.minNextBid')} testId="nft-min-next">
          <Amount value={item.minNextBid} context="exact" />
        </Fact>
      )}
      <Fact label={t('detail.minIncrement')} testId="nft-increment">
        <Amount value={item.minIncrement} context="exact" />
      </Fact>
      <Fact label={t('detail.bidCount')} testId="nft-bid-count">
        <bdi className="num">{new Intl.NumberFormat(locale).format(item.bidCount)}</bdi>
      </Fact>
      {open && (
        <Fact label={t('detail.endsIn')} testId="nft-ends-in">
          <Countdown endAt={item.endAt} now={now} extended={item.extended} />
        </Fact>
      )}
      <Fact label={t('detail.endsAt')} testId="nft-ends-at">
        <time dateTime={new Date(item.endAt).toISOString()}>{formatDateTime(item.endAt, locale)}</time>
      </Fact>
      <Fact label={t('detail.donation')} testId="nft-donation">
        <Amount value={item.donationTotal} />
      </Fact>
    </dl>
  );
}

function Bids({ item }: { item: Detail }) {
  const { t } = useTranslation('nft');
  const locale = currentLocale();
  if (item.bids.length === 0) return null;
  return (
    <section className="card" aria-labelledby="nft-bids-title">
      <h2 className="card-title" id="nft-bids-title">
        {t('detail.bidCount')}
      </h2>
      <ol className="nft-bids" data-testid="nft-bids">
        {item.bids.map((b) => (
          <li key={`${b.at}-${b.amount}`} className="nft-bid-row">
            <bdi className="muted">{b.bidder}</bdi>
            <time className="muted small" dateTime={new Date(b.at).toISOString()}>
              {formatDateTime(b.at, locale)}
            </time>
            <Amount value={b.amount} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Ended({ item }: { item: Detail }) {
  const { t } = useTranslation('nft');
  const amount = usdtText(item.currentBid);
  return (
    <div className="note" data-testid="nft-ended">
      <strong>{t('detail.soldTitle')}</strong>{' '}
      {item.status === 'sold' ? t('detail.soldText', { amount }) : t('detail.unsoldText')}
    </div>
  );
}

function Body({ id }: { id: string }) {
  const { t } = useTranslation('nft');
  const nft = useNft(id);
  const now = useNow(nft.data?.status === 'open');
  if (nft.isPending) return <Spinner />;
  if (nft.isError && !nft.data) {
    if (nft.error instanceof ApiError && nft.error.httpStatus === 404) return <NotFound />;
    return (
      <div className="card nft-failed">
        <ErrorNote message={t('detail.loadError')} />
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void nft.refetch()}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  const item = nft.data;
  const ended = item.status !== 'open' || item.endAt <= now;
  return (
    <div className="detail-grid nft-detail" data-testid="nft-detail" data-status={item.status}>
      <div className="nft-main">
        <figure className="card nft-art">
          <img
            src={item.image}
            alt={t('detail.artAlt', { name: item.name, creator: item.creator })}
            width={640}
            height={640}
          />
          <figcaption>
            <h2 className="nft-name" data-testid="nft-name" dir="auto">
              {item.name}
            </h2>
            <p className="muted" dir="auto">
              {item.description}
            </p>
          </figcaption>
        </figure>
      </div>
      <div className="nft-side">
        {item.status !== 'open' && <Ended item={item} />}
        <BidPanel item={item} ended={ended} />
        <p className="note nft-rule" data-testid="nft-anti-sniping">
          {t('detail.antiSniping')}
        </p>
        <Facts item={item} now={now} />
        <section className="card" aria-labelledby="nft-charity-title">
          <h2 className="card-title" id="nft-charity-title">
            {t('charity.title')}
          </h2>
          <CharityNamed className="nft-charity-named" />
        </section>
        <Bids item={item} />
      </div>
    </div>
  );
}

export default function NftDetail() {
  const { t } = useTranslation('nft');
  const { t: tw } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Page
      title={tw('titles.nftDetail')}
      actions={
        <Link to="/nfts" className="btn btn-secondary btn-small">
          {t('detail.back')}
        </Link>
      }
    >
      <FeatureGate products={['nft']}>{isIdString(id) ? <Body id={id} /> : <NotFound />}</FeatureGate>
    </Page>
  );
}
