// The numeric statuses the wire carries in `userInfo` (CONTRACT.md "Auth"), named once for the server and
// both front ends, so code reads `kycStatuses.verified` rather than `2`.
import { z } from 'zod';

/** users.kyc_status and `userInfo.kycStatus`: failed may submit again, pending and verified may not. */
export const kycStatuses = { none: 0, pending: 1, verified: 2, failed: 3 } as const;
export type KycStatus = (typeof kycStatuses)[keyof typeof kycStatuses];
export const kycStatus = z.literal([
  kycStatuses.none,
  kycStatuses.pending,
  kycStatuses.verified,
  kycStatuses.failed,
]);
export const isKycStatus = (n: number): n is KycStatus => kycStatus.safeParse(n).success;

/** users.status and `userInfo.status`: a disabled user cannot sign in and gets 401 everywhere. */
export const userStatuses = { enabled: 1, disabled: 2 } as const;
export type UserStatus = (typeof userStatuses)[keyof typeof userStatuses];
export const userStatus = z.literal([userStatuses.enabled, userStatuses.disabled]);
