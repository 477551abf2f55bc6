// Deposit (spec.md §1): crypto channels, proof upload and review. Channels come with the wallet service.
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Card, EmptyState, Page } from '../../ui/kit.tsx';
import { RealOnly } from './RealOnly.tsx';

export default function Recharge() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.recharge')} intro={t('wallet.rechargeIntro')} narrow>
      <RequireLogin>
        <RealOnly>
          <Card title={t('wallet.channels')}>
            <EmptyState title={t('wallet.noChannelsTitle')} text={t('wallet.noChannelsText')} />
          </Card>
          <Card title={t('wallet.rechargeHistory')}>
            <EmptyState title={t('wallet.noDeposits')} />
          </Card>
        </RealOnly>
      </RequireLogin>
    </Page>
  );
}
