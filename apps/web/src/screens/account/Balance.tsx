// Balance: the selected book's cash, frozen funds and equity, its fund records (ledger lines), and the demo
// reset (demo book only, after a confirmation).
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFreshUserInfo, useResetDemo } from '../../api/wallet.ts';
import { useSession } from '../../app/session.ts';
import { BookSwitch } from '../../layout/BookSwitch.tsx';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Card, ErrorNote, Page } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { Dialog } from '../../ui/wallet/parts.tsx';
import '../../ui/wallet/wallet.css';
import { BalanceTiles } from './BalanceTiles.tsx';
import { FundRecordList } from './lists.tsx';

function ResetDemo() {
  const { t } = useTranslation('wallet');
  const [open, setOpen] = useState(false);
  const reset = useResetDemo();
  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: (message) => {
        setOpen(false);
        toast(message || t('balance.resetDone'), 'success');
      },
    });
  return (
    <>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen(true)}>
        {t('balance.reset')}
      </button>
      <Dialog open={open} title={t('balance.resetTitle')} onClose={() => setOpen(false)}>
        <p>{t('balance.resetText')}</p>
        {reset.isError && <ErrorNote message={reset.error.message} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={reset.isPending} onClick={confirm}>
            {reset.isPending ? t('common.working') : t('balance.resetConfirm')}
          </button>
        </div>
      </Dialog>
    </>
  );
}

export default function Balance() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  const { isDemo } = useSession();
  useFreshUserInfo();
  return (
    <Page title={tw('titles.balance')} actions={<BookSwitch />}>
      <RequireLogin>
        <Card>
          <BalanceTiles />
          <div className="w-actions">
            {isDemo ? (
              <ResetDemo />
            ) : (
              <>
                <Link to="/profile/recharge" className="btn btn-primary btn-small">
                  {tw('titles.recharge')}
                </Link>
                <Link to="/profile/withdraw" className="btn btn-secondary btn-small">
                  {tw('titles.withdraw')}
                </Link>
              </>
            )}
          </div>
        </Card>
        <Card title={t('records.title')}>
          <FundRecordList />
        </Card>
      </RequireLogin>
    </Page>
  );
}
