// Withdrawal (spec.md §1, DESIGN.md §1.5 and §5): to a saved bank card or USDT address, after identity
// verification. The fee, fee rate and net amount are quoted by the server and shown before the user confirms
// with the login password; the amount is held at once and leaves after finance approves.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { kycStatuses, type KycStatus } from '@tradewind/contract';
import { useUserInfo } from '../../api/user.ts';
import { useFreshUserInfo, useWithdrawalMethods } from '../../api/wallet.ts';
import { useSession } from '../../app/session.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';
import { Card, EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import '../../ui/wallet/wallet.css';
import { KycBadge } from './kyc.tsx';
import { WithdrawalList } from './lists.tsx';
import { RealOnly } from './RealOnly.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import { AddMethodDialog, MethodChoices } from './WithdrawMethods.tsx';

/** Withdrawals need a verified identity (spec.md §6): say so plainly and lead to the verification page. */
function KycPrompt({ status }: { status: KycStatus }) {
  const { t } = useTranslation('wallet');
  const pending = status === kycStatuses.pending;
  return (
    <Card className="kyc-prompt">
      <div className="kyc-prompt-head">
        <span className="empty-icon">
          <ShieldIcon size={28} />
        </span>
        <KycBadge status={status} />
      </div>
      <h2 className="card-title">{t('withdraw.kycTitle')}</h2>
      <p className="muted">{pending ? t('withdraw.kycPending') : t('withdraw.kycText')}</p>
      {!pending && (
        <Link to="/profile/verification" className="btn btn-primary">
          {t('withdraw.kycAction')}
        </Link>
      )}
    </Card>
  );
}

function WithdrawPanel() {
  const { t } = useTranslation('wallet');
  const methods = useWithdrawalMethods();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list = methods.data ?? [];
  const selected = list.find((m) => m.id === chosenId) ?? list[0] ?? null;
  const addButton = (
    <button type="button" className="btn btn-secondary btn-small" onClick={() => setAdding(true)}>
      {t('withdraw.addMethod')}
    </button>
  );
  return (
    <>
      <Card>
        <div className="section-head">
          <h2 className="card-title">{t('withdraw.methods')}</h2>
          {list.length > 0 && addButton}
        </div>
        {methods.isPending ? (
          <Spinner />
        ) : methods.isError ? (
          <ErrorNote message={methods.error.message} />
        ) : list.length === 0 ? (
          <EmptyState title={t('withdraw.noMethodsTitle')} text={t('withdraw.noMethodsText')}>
            {addButton}
          </EmptyState>
        ) : (
          <MethodChoices methods={list} selectedId={selected?.id ?? null} onSelect={setChosenId} />
        )}
      </Card>
      <Card title={t('withdraw.formTitle')}>
        <WithdrawForm method={selected} />
      </Card>
      <AddMethodDialog open={adding} onClose={() => setAdding(false)} onSaved={(m) => setChosenId(m.id)} />
    </>
  );
}

function KycGate() {
  const { user } = useSession();
  const info = useUserInfo();
  const status = info.data?.kycStatus ?? user?.kycStatus ?? kycStatuses.none;
  return status === kycStatuses.verified ? <WithdrawPanel /> : <KycPrompt status={status} />;
}

export default function Withdraw() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  useFreshUserInfo();
  return (
    <Page title={tw('titles.withdraw')} intro={t('withdraw.intro')} narrow>
      <RequireLogin>
        <RealOnly>
          <KycGate />
          <Card title={t('withdrawals.title')}>
            <WithdrawalList />
          </Card>
        </RealOnly>
      </RequireLogin>
    </Page>
  );
}
