// The first sign-in of a colleague, the whole app rendered against the real server: with a generated
// password the shell is not shown but "Secure your account" is (own password, TOTP from the key beside the
// QR code, the recovery codes, which must be acknowledged before the shell appears); and a tab whose stored
// flags say "secured" is sent to the flow by the server's first 10114.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { totpCode } from '../../../server/src/platform/totp.ts';
import { App } from '../App.tsx';
import { session, type AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';

let bo: BackOffice;
let superadmin: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  superadmin = await bo.admin('superadmin');
});
afterAll(async () => bo.close());

/** A colleague added on the staff screen's call, signed in with the password shown once: a gated session. */
async function newColleague(userName: string): Promise<{ password: string; signedIn: AdminSession }> {
  const created = await bo.t.app.inject({
    method: 'POST',
    url: '/admin/api/staff',
    headers: { authorization: superadmin.token },
    payload: { userName, role: 'finance' },
  });
  const { password } = created.json<{ result: { password: string } }>().result;
  const login = await bo.t.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: { userName, password },
  });
  return { password, signedIn: login.json<{ result: AdminSession }>().result };
}

const sections = () => screen.queryByRole('navigation', { name: 'Back office sections' });

describe('securing an account at the first sign-in', () => {
  it('holds a new colleague in the flow until the password, TOTP and the recovery codes are done', async () => {
    const { password, signedIn } = await newColleague('fin.first');
    expect(signedIn.admin).toMatchObject({
      mustChangePassword: true,
      totpRequired: true,
      totpEnrolled: false,
    });
    const user = userEvent.setup();
    renderAs(signedIn, <App />);

    expect(await screen.findByRole('heading', { name: 'Secure your account', level: 1 })).toBeTruthy();
    expect(sections()).toBeNull();
    const steps = await screen.findByRole('list', { name: 'Steps to secure your account' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Choose your own password', '2Set up two-step sign-in', '3Save your recovery codes']);

    // A wrong current password is the server's to say, on its field.
    await user.type(screen.getByLabelText('Current password'), 'not the one');
    await user.type(screen.getByLabelText('New password'), 'a long enough new password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a long enough new password');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), password);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in', level: 2 })).toBeTruthy();
    expect(sections()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    const secret = (await screen.findByTestId('totp-secret')).textContent?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await user.type(
      screen.getByLabelText('Then enter the 6-digit code the app shows'),
      totpCode(secret, bo.t.ctx.clock.now()),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    const finish = screen.getByRole('button', { name: 'Continue to the back office' });
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    // The server has the account secured already; the tab waits until the codes are acknowledged.
    expect(sections()).toBeNull();
    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(finish);

    await waitFor(() => expect(sections()).not.toBeNull());
    expect(session.get()?.admin).toMatchObject({ mustChangePassword: false, totpEnrolled: true });
  });

  it('sends a tab whose stored flags say secured to the flow at the server’s first 10114', async () => {
    const { signedIn } = await newColleague('fin.stale');
    const stale = {
      ...signedIn,
      admin: { ...signedIn.admin, mustChangePassword: false, totpEnrolled: true },
    };
    renderAs(stale, <App />);
    expect(sections()).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Secure your account', level: 1 })).toBeTruthy();
    expect(sections()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Choose your own password', level: 2 })).toBeTruthy();
  });
});
