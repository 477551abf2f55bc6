// The numeric statuses the wire carries in `userInfo` (CONTRACT.md "Auth"), named once for the server and
// both front ends, so code reads `kycStatuses.verified` rather than `2`.
import { z } from 'zod';
// The values live in wire.ts, without zod: the customer app checks a user's status on its first page, and a
// constant taken from this module would bring its schemas, and all of zod, onto that page.
import { kycStatuses, userStatuses } from './wire.ts';

export { kycStatuses, userStatuses };
export type KycStatus = (typeof kycStatuses)[keyof typeof kycStatuses];
export const kycStatus = z.literal([
  kycStatuses.none,
  kycStatuses.pending,
  kycStatuses.verified,
  kycStatuses.failed,
]);
export const isKycStatus = (n: number): n is KycStatus => kycStatus.safeParse(n).success;

export type UserStatus = (typeof userStatuses)[keyof typeof userStatuses];
export const userStatus = z.literal([userStatuses.enabled, userStatuses.disabled]);
