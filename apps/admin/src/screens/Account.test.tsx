// My account's two-step sign-in against the real server (issue 25, M-10): moving it to a new phone asks for
// the password and a code of the authenticator in use (or a recovery code) before a new key is shown; a
// wrong password or a spent code is the server's to say, and nothing is replaced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { totpCode } from '../../../server/src/platform/totp.ts';
import { secondFactor, secureAdmin, type SecuredAdmin } from '../../../server/src/test/harness.ts';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Account } from './Account.tsx';

let bo: BackOffice;
let fin: SecuredAdmin;
let signedIn: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  fin = await secureAdmin(bo.t, 'finance');
  bo.t.clock.advance(60_000);
  signedIn = {
    token: fin.token,
    admin: {
      id: fin.id,
      userName: fin.userName,
      role: 'finance',
      mustChangePassword: false,
      totpEnrolled: true,
      totpRequired: true,
    },
  };
});
afterAll(async () => bo.close());

describe('moving two-step sign-in to a new phone', () => {
  it('asks for the password and a current code first; a wrong one is refused and no key is shown', async () => {
    const user = userEvent.setup();
    renderAs(signedIn, <Account admin={signedIn.admin} />);
    await user.click(await screen.findByRole('button', { name: 'Move to a new phone' }));
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    const password = screen.getByLabelText('Your password');
    const code = screen.getByLabelText('Code from your current authenticator, or a recovery code');
    // A code of the wrong shape is not sent.
    await user.type(password, fin.password);
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Set up on a new phone' }));
    expect(await screen.findByText('Enter the 6-digit code or a recovery code (xxxxx-xxxxx)')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Set up on a new phone' }));
    expect(
      await screen.findByText(
        'To replace your authenticator, enter your password and a current code from it (or a recovery code)',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect((code as HTMLInputElement).value).toBe('');
  });

  it('shows a new key once the password and a current code are right, and enrols it with its code', async () => {
    const user = userEvent.setup();
    renderAs(signedIn, <Account admin={signedIn.admin} />);
    await user.click(await screen.findByRole('button', { name: 'Move to a new phone' }));
    await user.type(screen.getByLabelText('Your password'), fin.password);
    await user.type(
      screen.getByLabelText('Code from your current authenticator, or a recovery code'),
      secondFactor(bo.t, fin),
    );
    await user.click(screen.getByRole('button', { name: 'Set up on a new phone' }));
    const secret = (await screen.findByTestId('totp-secret')).textContent?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secret).not.toBe(fin.secret);
    bo.t.clock.advance(60_000);
    await user.type(
      screen.getByLabelText('Then enter the 6-digit code the app shows'),
      totpCode(secret, bo.t.ctx.clock.now()),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
  });
});
