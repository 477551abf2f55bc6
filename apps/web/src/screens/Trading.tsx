// Smart trading (spec.md §1, issue 10): fixed-term plans at a fixed daily rate. Everyone sees the products,
// their terms and the calculator, with the plain-words disclosure of what a plan is; buying asks visitors
// to log in, and the demo book is refused (CONTRACT.md 10102) with the switch to the real book. Signed-in
// customers see their plans below.
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { BookSwitch } from '../layout/BookSwitch.tsx';
import { FeatureGate } from '../layout/FeatureGate.tsx';
import { Card, Page } from '../ui/kit.tsx';
import { MyPlans } from './smart/MyPlans.tsx';
import { Products } from './smart/Products.tsx';

export default function Trading() {
  const { t } = useTranslation();
  const { user, isDemo } = useSession();
  return (
    <Page title={t('trading.title')} intro={t('trading.intro')}>
      <FeatureGate products={['smart']}>
        <div className="note smart-disclosure" data-testid="smart-disclosure">
          <strong>{t('trading.disclosureTitle')}</strong> {t('trading.disclosure')}
        </div>
        {user && isDemo && (
          <div className="note note-warn with-action" data-testid="smart-demo-note">
            <span>{t('trading.demoBlocked')}</span>
            <BookSwitch />
          </div>
        )}
        <ol className="steps" aria-label={t('trading.howTitle')}>
          <li>{t('trading.how1')}</li>
          <li>{t('trading.how2')}</li>
          <li>{t('trading.how3')}</li>
        </ol>
        <Products />
        {user && (
          <Card title={t('trading.myPlansTitle')} className="smart-my-plans">
            <MyPlans />
          </Card>
        )}
        <p className="note">{t('trading.earlyExit')}</p>
      </FeatureGate>
    </Page>
  );
}
