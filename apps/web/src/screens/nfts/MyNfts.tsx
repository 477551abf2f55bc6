// My NFTs: the NFTs the user holds or bids on (CONTRACT.md listNft); empty until the NFT service exists.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { EmptyState, Page } from '../../ui/kit.tsx';

export default function MyNfts() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.myNfts')}>
      <FeatureGate products={['nft']}>
        <RequireLogin>
          <div className="card">
            <EmptyState title={t('nfts.mineEmpty')}>
              <Link to="/nfts" className="btn btn-secondary btn-small">
                {t('nfts.browse')}
              </Link>
            </EmptyState>
          </div>
        </RequireLogin>
      </FeatureGate>
    </Page>
  );
}
