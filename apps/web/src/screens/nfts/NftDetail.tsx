// NFT detail (/nfts/:id): creator, chain, contract address, current bid, remaining time and donation total.
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { EmptyState, Page } from '../../ui/kit.tsx';

export default function NftDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const facts = [
    t('nfts.fields.creator'),
    t('nfts.fields.chain'),
    t('nfts.fields.address'),
    t('nfts.fields.currentBid'),
    t('nfts.fields.remaining'),
    t('nfts.fields.donation'),
  ];
  return (
    <Page title={t('nfts.detailTitle', { id: id.slice(0, 20) })}>
      <FeatureGate products={['nft']}>
        <div className="detail-grid">
          <div className="card nft-art">
            <EmptyState title={t('nfts.notFoundTitle')} text={t('nfts.notFoundText')}>
              <Link to="/nfts" className="btn btn-secondary btn-small">
                {t('nfts.backToList')}
              </Link>
            </EmptyState>
          </div>
          <dl className="card facts">
            {facts.map((label) => (
              <div key={label} className="fact">
                <dt>{label}</dt>
                <dd>—</dd>
              </div>
            ))}
          </dl>
        </div>
      </FeatureGate>
    </Page>
  );
}
