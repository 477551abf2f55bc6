// All orders: open and closed contracts of the selected book, with live P&L, close and verify, and the smart
// plans tab (the customer's plans, screens/smart); "not available yet" until the server runs contracts or smart plans.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailability } from '../../api/features.ts';
import { FeatureGate } from '../../layout/FeatureGate.tsx';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { EmptyState, Page } from '../../ui/kit.tsx';
import { MyPlans } from '../smart/MyPlans.tsx';
import { ClosedPositions, OpenPositions } from '../trade/Positions.tsx';
import '../../ui/wallet/wallet.css';
import '../trade/trade.css';

const tabs = ['open', 'closed', 'smart'] as const;
type Tab = (typeof tabs)[number];

function OrderTabs() {
  const { t } = useTranslation();
  const contracts = useAvailability('orders') === 'available';
  const smart = useAvailability('smart') === 'available';
  const [active, setActive] = useState<Tab>('open');
  const body =
    active === 'smart' ? (
      smart ? (
        <MyPlans />
      ) : (
        <EmptyState title={t('orders.empty')} />
      )
    ) : !contracts ? (
      <EmptyState title={t('orders.empty')} />
    ) : active === 'open' ? (
      <OpenPositions />
    ) : (
      <ClosedPositions />
    );
  return (
    <div className="card">
      <div className="chips chips-wrap orders-tabs" role="tablist" aria-label={t('titles.orders')}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={tab === active}
            className={tab === active ? 'chip chip-on' : 'chip'}
            data-tab={tab}
            onClick={() => setActive(tab)}
          >
            {t(`orders.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">{body}</div>
    </div>
  );
}

export default function Orders() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.orders')}>
      <FeatureGate products={['orders', 'smart']}>
        <RequireLogin>
          <OrderTabs />
        </RequireLogin>
      </FeatureGate>
    </Page>
  );
}
