// KYC status words (spec.md §4).
import { useTranslation } from 'react-i18next';
import { kycStatuses, type KycStatus } from '@tradewind/contract';

const kycKeys = {
  [kycStatuses.none]: 'account.kyc.none',
  [kycStatuses.pending]: 'account.kyc.pending',
  [kycStatuses.verified]: 'account.kyc.verified',
  [kycStatuses.failed]: 'account.kyc.failed',
} as const;
const kycTones = {
  [kycStatuses.none]: 'neutral',
  [kycStatuses.pending]: 'warn',
  [kycStatuses.verified]: 'up',
  [kycStatuses.failed]: 'down',
} as const;

export function KycBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${kycTones[status]}`}>{t(kycKeys[status])}</span>;
}
