// An audit action in the operator's language ("Withdrawal approved"), its key kept as the tooltip for those
// who search the log by it; a key the catalogue does not know (a row older than its label) is shown as is.
import { auditActionKey } from '@tradewind/contract';
import { useT } from '../i18n/i18n.ts';

export function AuditAction({ action }: { action: string }) {
  const { tMaybe } = useT();
  const label = tMaybe(`audit.actions.${auditActionKey(action)}`);
  return label ? (
    <span title={action} data-action={action}>
      {label}
    </span>
  ) : (
    <code className="tag">{action}</code>
  );
}
