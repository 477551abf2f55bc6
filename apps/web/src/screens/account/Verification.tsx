// Identity verification (KYC, spec.md §3–§4): the current status, and the form with three photos (front,
// back, the user holding the document) taken with the camera where the browser can, else picked as files.
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user.ts';
import { useFreshUserInfo } from '../../api/wallet.ts';
import { useSession } from '../../app/session.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';
import { Card, Page } from '../../ui/kit.tsx';
import '../../ui/wallet/wallet.css';
import { KycBadge } from './kyc.tsx';
import { KycForm } from './KycForm.tsx';

type KycStatus = 0 | 1 | 2 | 3;
const statusTexts = {
  0: 'kyc.status.none',
  1: 'kyc.status.pending',
  2: 'kyc.status.verified',
  3: 'kyc.status.failed',
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
  const status: KycStatus = info.data?.kycStatus ?? user?.kycStatus ?? 0;
  // Not verified yet, or failed: the form (again). Pending or verified: the status alone.
  const canSubmit = status === 0 || status === 3;
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
