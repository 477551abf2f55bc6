// The invite programme (CONTRACT.md "User" inviteInfo): the signed-in customer's code, link, invitees and
// rewards. Rewards land on the real book whichever book is selected, so the key names the user only.
import { useQuery } from '@tanstack/react-query';
import type { InviteInfo } from '@tradewind/contract';
import { api } from './client.ts';
import { useSession } from '../app/session.ts';

export function useInviteInfo() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['inviteInfo', user?.id ?? null],
    enabled: user !== null,
    queryFn: async ({ signal }) =>
      (await api.get<InviteInfo>('/swx/customer/user/inviteInfo', undefined, signal)).result,
  });
}
