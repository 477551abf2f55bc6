// Withdrawal (spec.md §1, DESIGN.md §1.5 and §5): to a saved bank card or USDT address, after identity
// verification. The fee, fee rate and net amount are quoted by the server and shown before the user confirms
// with the login password; the amount is held at once and leaves after finance approves. A method still in its
// cool-down cannot be chosen, and after a password change or two-factor reset the form gives way to when
// withdrawals open again (issue 25's allowlist).
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { kycStatuses, type KycStatus, type WithdrawalMethod } from '@tradewind/contract';
import { useUserInfo } from '../../api/user.ts';
import { useFreshUserInfo, useWithdrawalMethods, useWithdrawalPause } from '../../api/wallet.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useSession } from '../../app/session.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';
import { Card, EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import '../../ui/wallet/wallet.css';
import { KycBadge } from './kyc.tsx';
import { WithdrawalList } from './lists.tsx';
import { RealOnly } from './RealOnly.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import { AddMethodDialog, MethodChoices, RemoveMethodDialog, usableNow } from './WithdrawMethods.tsx';

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

/** The form, or when withdrawals are paused after a security change, until when (10177 otherwise). */
function WithdrawFormOrPause({ method }: { method: WithdrawalMethod | null }) {
  const { t } = useTranslation('wallet');
  const pause = useWithdrawalPause();
  if (pause.isPending) return <Spinner />;
  if (pause.isError) return <ErrorNote message={pause.error.message} />;
  const until = pause.data.pausedUntil;
  if (until === null) return <WithdrawForm method={method} />;
  return (
    <p className="note note-warn" role="status" data-testid="withdrawals-paused">
      {t('withdraw.paused', { time: formatDateTime(until, currentLocale()) })}
    </p>
  );
}

function WithdrawPanel() {
  const { t } = useTranslation('wallet');
  const methods = useWithdrawalMethods();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WithdrawalMethod | null>(null);
  const list = methods.data ?? [];
  const usable = list.filter(usableNow);
  const selected = usable.find((m) => m.id === chosenId) ?? usable[0] ?? null;
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
          <MethodChoices
            methods={list}
            selectedId={selected?.id ?? null}
            onSelect={setChosenId}
            onRemove={setRemoving}
          />
        )}
      </Card>
      <Card title={t('withdraw.formTitle')}>
        <WithdrawFormOrPause method={selected} />
      </Card>
      <AddMethodDialog open={adding} onClose={() => setAdding(false)} onSaved={(m) => setChosenId(m.id)} />
      <RemoveMethodDialog method={removing} onClose={() => setRemoving(null)} />
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
