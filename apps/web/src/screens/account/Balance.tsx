// Balance: the selected book's cash, frozen funds and equity, and its fund records (ledger lines).
import { useTranslation } from 'react-i18next';
import { BookSwitch } from '../../layout/BookSwitch.tsx';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Card, EmptyState, Page } from '../../ui/kit.tsx';
import { BalanceTiles } from './BalanceTiles.tsx';

export default function Balance() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.balance')} actions={<BookSwitch />}>
      <RequireLogin>
        <Card>
          <BalanceTiles />
        </Card>
        <Card title={t('account.fundRecords')}>
          <EmptyState title={t('account.noRecords')} />
        </Card>
      </RequireLogin>
    </Page>
  );
}
