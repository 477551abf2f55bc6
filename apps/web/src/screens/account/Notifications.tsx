// Notifications (reviews, settlements, notices); they arrive with the notification service.
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { EmptyState, Page } from '../../ui/kit.tsx';

export default function Notifications() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.notifications')} narrow>
      <RequireLogin>
        <div className="card">
          <EmptyState title={t('account.noNotifications')} />
        </div>
      </RequireLogin>
    </Page>
  );
}
