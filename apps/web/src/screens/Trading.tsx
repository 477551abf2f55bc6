// Smart trading (spec.md §1): fixed-term plans with a daily yield. Products and the user's plans come with
// the smart-trading service; until the server runs it the page says "not available yet". Demo accounts
// cannot use it (CONTRACT.md 10102).
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { BookSwitch } from '../layout/BookSwitch.tsx';
import { FeatureGate } from '../layout/FeatureGate.tsx';
import { Card, EmptyState, Page } from '../ui/kit.tsx';

export default function Trading() {
  const { t } = useTranslation();
  const { user, isDemo } = useSession();
  return (
    <Page title={t('trading.title')} intro={t('trading.intro')}>
      <FeatureGate products={['smart']}>
        {user && isDemo && (
          <div className="note note-warn with-action">
            <span>{t('trading.demoBlocked')}</span>
            <BookSwitch />
          </div>
        )}
        <ol className="steps" aria-label={t('trading.howTitle')}>
          <li>{t('trading.how1')}</li>
          <li>{t('trading.how2')}</li>
          <li>{t('trading.how3')}</li>
        </ol>
        <div className="two-col">
          <Card title={t('trading.productsTitle')}>
            <EmptyState title={t('trading.noProductsTitle')} text={t('trading.noProductsText')} />
          </Card>
          <Card title={t('trading.myPlansTitle')}>
            <EmptyState title={t('trading.noPlans')} />
          </Card>
        </div>
        <p className="note">{t('trading.earlyExit')}</p>
      </FeatureGate>
    </Page>
  );
}
