// Wraps real-book-only screens (deposit, withdrawal): in demo mode it asks to switch (spec.md §4 message 3).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { BookSwitch } from '../../layout/BookSwitch.tsx';

export function RealOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isDemo } = useSession();
  if (!isDemo) return <>{children}</>;
  return (
    <div className="note note-warn with-action" data-testid="switch-to-real">
      <span>{t('book.switchToReal')}</span>
      <BookSwitch />
    </div>
  );
}
