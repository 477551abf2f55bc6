// Transaction records: deposits, withdrawals and every ledger line of the selected book.
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Page } from '../../ui/kit.tsx';
import { TabbedEmpty } from './Tabbed.tsx';

export default function Records() {
  const { t } = useTranslation();
  const tabs = [t('records.all'), t('records.deposits'), t('records.withdrawals'), t('records.loans')];
  return (
    <Page title={t('titles.records')}>
      <RequireLogin>
        <TabbedEmpty label={t('titles.records')} tabs={tabs} empty={t('account.noRecords')} />
      </RequireLogin>
    </Page>
  );
}
