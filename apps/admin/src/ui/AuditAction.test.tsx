// Every action the server can audit has a label in every language (issue 23: the log showed raw keys such as
// `withdrawal.approve` in Arabic). The server may write only the contract's `auditActions` (platform/audit.ts
// types it), so a label for each of them is a label for everything in the log.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { auditActionKey, auditActions } from '@tradewind/contract';
import { adminEnglish, loadAdminCatalogue } from '@tradewind/i18n/admin';
import { locales } from '@tradewind/i18n/locales';
import { setLocale } from '../i18n/i18n.ts';
import { AuditAction } from './AuditAction.tsx';

describe('audit action labels', () => {
  it('exist for every audited action in all 11 languages, each in its own words', async () => {
    for (const locale of locales) {
      const labels: Record<string, string | undefined> = (await loadAdminCatalogue(locale)).audit.actions;
      for (const action of auditActions) {
        const label = labels[auditActionKey(action)];
        expect(label, `${locale}: ${action}`).toBeTruthy();
        expect(label, `${locale}: ${action} shows its key`).not.toBe(action);
      }
    }
    // No label is left over from an action the server no longer writes.
    expect(Object.keys(adminEnglish.audit.actions).sort()).toEqual(auditActions.map(auditActionKey).sort());
  });

  it('are what the log shows, with the key kept as its tooltip', async () => {
    await setLocale('ar');
    render(<AuditAction action="withdrawal.approve" />);
    const shown = screen.getByText('تمت الموافقة على السحب');
    expect(shown.getAttribute('title')).toBe('withdrawal.approve');
    await setLocale('en');
  });
});
