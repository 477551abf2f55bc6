// The prefix of every wallet query of the signed-in user, apart from wallet.ts: the top bar's notification
// and support badges use it on every page, and importing it from wallet.ts brought all of the wallet
// screens' hooks into the first page's scripts (issue 23's home budget).
import { useSession } from '../app/session.ts';

/** ['wallet', userId]: the prefix of every wallet query of the signed-in user. */
export function useWalletKey() {
  const { user } = useSession();
  return ['wallet', user?.id ?? null] as const;
}
