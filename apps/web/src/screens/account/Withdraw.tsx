// Withdrawal (spec.md §1): to a saved bank card or USDT address, reviewed before it leaves. Methods and the
// fee rate come with the wallet service.
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Card, EmptyState, Page } from '../../ui/kit.tsx';
import { RealOnly } from './RealOnly.tsx';

export default function Withdraw() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.withdraw')} intro={t('wallet.withdrawIntro')} narrow>
      <RequireLogin>
        <RealOnly>
          <Card title={t('wallet.methods')}>
            <EmptyState title={t('wallet.noMethodsTitle')} text={t('wallet.noMethodsText')} />
          </Card>
          <Card title={t('wallet.withdrawHistory')}>
            <EmptyState title={t('wallet.noWithdrawals')} />
          </Card>
        </RealOnly>
      </RequireLogin>
    </Page>
  );
}
