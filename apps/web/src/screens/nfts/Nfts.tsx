// Charity NFT marketplace (spec.md §1): every sale goes to a children's charity. Listings come with the NFT
// service; until the server runs it the page says "not available yet".
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { EmptyState, Page } from '../../ui/kit.tsx';

export default function Nfts() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('nfts.title')}
      intro={t('nfts.intro')}
      actions={
        <Link to="/nfts/mine" className="btn btn-secondary btn-small">
          {t('titles.myNfts')}
        </Link>
      }
    >
      <FeatureGate products={['nft']}>
        <section className="charity-banner card">
          <h2 className="card-title">{t('nfts.charityTitle')}</h2>
          <p className="muted">{t('nfts.charityText')}</p>
        </section>
        <div className="card">
          <EmptyState title={t('nfts.emptyTitle')} text={t('nfts.emptyText')} />
        </div>
      </FeatureGate>
    </Page>
  );
}
