// All orders: open and closed contracts and smart plans of the selected book; "not available yet" until the
// server runs contracts or smart plans.
import { useTranslation } from 'react-i18next';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Page } from '../../ui/kit.tsx';
import { TabbedEmpty } from './Tabbed.tsx';

export default function Orders() {
  const { t } = useTranslation();
  const tabs = [t('orders.open'), t('orders.closed'), t('orders.smart')];
  return (
    <Page title={t('titles.orders')}>
      <FeatureGate products={['orders', 'smart']}>
        <RequireLogin>
          <TabbedEmpty label={t('titles.orders')} tabs={tabs} empty={t('orders.empty')} />
        </RequireLogin>
      </FeatureGate>
    </Page>
  );
}
