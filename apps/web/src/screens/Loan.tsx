// Loans (spec.md §1): require completed KYC and a signed agreement; products and records come with the loan
// service, and until the server runs it the page says "not available yet".
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { FeatureGate } from '../layout/FeatureGate.tsx';
import { Card, EmptyState, Page } from '../ui/kit.tsx';
import { KycBadge } from './account/kyc.tsx';

export default function Loan() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Page title={t('loan.title')} intro={t('loan.intro')}>
      <FeatureGate products={['loans']}>
        <div className="note with-action">
          <span>{t('loan.kycRequired')}</span>
          {user && <KycBadge status={user.kycStatus} />}
        </div>
        <div className="two-col">
          <Card title={t('loan.productsTitle')}>
            <EmptyState title={t('loan.noProductsTitle')} text={t('loan.noProductsText')} />
          </Card>
          <Card title={t('loan.recordsTitle')}>
            <EmptyState title={t('loan.noRecords')} />
          </Card>
        </div>
      </FeatureGate>
    </Page>
  );
}
