// The wire shape of a customer (CONTRACT.md `userInfo`).
import { isKycStatus, kycStatuses, userStatuses, type UserInfo } from '@tradewind/contract';
import type { UserRow } from './tables.ts';

export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: String(u.id),
    userName: u.userName,
    email: u.email,
    areaCode: u.areaCode,
    phone: u.phone,
    // The columns' CHECKs hold these ranges; the mapping only narrows the type.
    status: u.status === userStatuses.disabled ? userStatuses.disabled : userStatuses.enabled,
    kycStatus: isKycStatus(u.kycStatus) ? u.kycStatus : kycStatuses.none,
    inviteCode: u.inviteCode,
    createdAt: u.createdAt.getTime(),
  };
}
