// All orders: open and closed contracts and smart plans of the selected book.
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Page } from '../../ui/kit.tsx';
import { TabbedEmpty } from './Tabbed.tsx';

export default function Orders() {
  const { t } = useTranslation();
  const tabs = [t('orders.open'), t('orders.closed'), t('orders.smart')];
  return (
    <Page title={t('titles.orders')}>
      <RequireLogin>
        <TabbedEmpty label={t('titles.orders')} tabs={tabs} empty={t('orders.empty')} />
      </RequireLogin>
    </Page>
  );
}
