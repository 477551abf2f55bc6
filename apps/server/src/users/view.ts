// The wire shape of a customer (CONTRACT.md `userInfo`).
import type { UserInfo } from '@tradewind/contract';
import type { UserRow } from './tables.ts';

export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: String(u.id),
    userName: u.userName,
    email: u.email,
    areaCode: u.areaCode,
    phone: u.phone,
    status: u.status === 2 ? 2 : 1,
    kycStatus: u.kycStatus === 1 || u.kycStatus === 2 || u.kycStatus === 3 ? u.kycStatus : 0,
    inviteCode: u.inviteCode,
    createdAt: u.createdAt.getTime(),
  };
}
