// KYC status words (spec.md §4): 0 not verified, 1 pending, 2 verified, 3 failed.
import { useTranslation } from 'react-i18next';

const kycKeys = {
  0: 'account.kyc.none',
  1: 'account.kyc.pending',
  2: 'account.kyc.verified',
  3: 'account.kyc.failed',
} as const;
const kycTones = { 0: 'neutral', 1: 'warn', 2: 'up', 3: 'down' } as const;

export function KycBadge({ status }: { status: 0 | 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${kycTones[status]}`}>{t(kycKeys[status])}</span>;
}
