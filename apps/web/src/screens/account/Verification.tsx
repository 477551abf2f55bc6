// Identity verification (KYC, spec.md §3–§4): the current status, and the form with three photos (front,
// back, the user holding the document) taken with the camera where the browser can, else picked as files.
import { useTranslation } from 'react-i18next';
import { kycStatuses, type KycStatus } from '@tradewind/contract';
import { useUserInfo } from '../../api/user.ts';
import { useFreshUserInfo } from '../../api/wallet.ts';
import { useSession } from '../../app/session.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';
import { Card, Page } from '../../ui/kit.tsx';
import '../../ui/wallet/wallet.css';
import { KycBadge } from './kyc.tsx';
import { KycForm } from './KycForm.tsx';

const statusTexts = {
  [kycStatuses.none]: 'kyc.status.none',
  [kycStatuses.pending]: 'kyc.status.pending',
  [kycStatuses.verified]: 'kyc.status.verified',
  [kycStatuses.failed]: 'kyc.status.failed',
} as const;

function StatusCard({ status }: { status: KycStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <Card className="kyc-status">
      <div className="kyc-prompt-head">
        <span className="empty-icon">
          <ShieldIcon size={28} />
        </span>
        <div className="w-stack">
          <span data-testid="kyc-status">
            <KycBadge status={status} />
          </span>
          <p>{t(statusTexts[status])}</p>
        </div>
      </div>
    </Card>
  );
}

function Content() {
  const { user } = useSession();
  const info = useUserInfo();
  const status: KycStatus = info.data?.kycStatus ?? user?.kycStatus ?? kycStatuses.none;
  // Not verified yet, or failed: the form (again). Pending or verified: the status alone.
  const canSubmit = status === kycStatuses.none || status === kycStatuses.failed;
  return (
    <>
      <StatusCard status={status} />
      {canSubmit && <KycForm />}
    </>
  );
}

export default function Verification() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  useFreshUserInfo();
  return (
    <Page title={tw('titles.verification')} intro={t('kyc.intro')} narrow>
      <RequireLogin>
        <Content />
      </RequireLogin>
    </Page>
  );
}
