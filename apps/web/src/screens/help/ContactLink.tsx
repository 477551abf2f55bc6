// "Contact support": the built-in inbox at /help/support, or the external chat when `support_chat_url` is set.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useParam } from '../../api/content.ts';

export function ContactLink({ className, children }: { className?: string; children?: ReactNode }) {
  const { t } = useTranslation('help');
  const chat = useParam('support_chat_url').data ?? null;
  const label = children ?? t('contact.action');
  if (chat) {
    return (
      <a href={chat} target="_blank" rel="noopener noreferrer" className={className}>
        {label}
      </a>
    );
  }
  return (
    <Link to="/help/support" className={className}>
      {label}
    </Link>
  );
}
