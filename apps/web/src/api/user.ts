// The signed-in user's account (CONTRACT.md "User").
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserInfoWithBook } from '@tradewind/contract';
import { api, assertActiveUser } from './client.ts';
import { session, useSession } from '../app/session.ts';

/** User info with the selected book's balances; fetched whenever a login is stored (spec.md §4). */
export function useUserInfo() {
  const { user, isDemo } = useSession();
  return useQuery({
    queryKey: ['userInfo', user?.id ?? null, isDemo ? 'demo' : 'real'],
    enabled: user !== null,
    queryFn: async ({ signal }) => {
      const { result } = await api.post<UserInfoWithBook>(
        '/swx/customer/user/getUserInfo',
        undefined,
        signal,
      );
      assertActiveUser(result);
      session.updateUser(result);
      return result;
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { oldPassword: string; password: string; otp?: string | undefined }) =>
      (await api.post<null>('/swx/customer/user/repassword', body)).message,
  });
}
