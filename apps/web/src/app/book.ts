// The demo/real book switch and its three confirmation messages (spec.md §4 "Account mode").
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { session, useSession } from './session.ts';
import { toast } from '../ui/toast.tsx';

export function useBookSwitch() {
  const { t } = useTranslation();
  const { isDemo } = useSession();
  const queryClient = useQueryClient();
  const switchTo = (demo: boolean) => {
    if (demo === isDemo) return;
    session.setDemo(demo);
    // Book-specific data (balances, orders) belongs to the other book now.
    void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    toast(demo ? t('book.switchedToDemo') : t('book.switchedToReal'), 'success');
  };
  return { isDemo, switchTo };
}

/** Guards a real-book-only action: in demo mode it asks the user to switch and returns false. */
export function useRequireReal() {
  const { t } = useTranslation();
  const { isDemo } = useSession();
  return (): boolean => {
    if (isDemo) toast(t('book.switchToReal'), 'info');
    return !isDemo;
  };
}
