// The sign-in form against the real server: the password first, then (TOTP enrolled, 10113) a second step
// whose field is the browser's one-time-code field; the code from the authenticator signs in, a refused
// code says so and signs in nothing, a recovery code works once, and malformed codes are not sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { totpCode, totpPeriodMs } from '../../../server/src/platform/totp.ts';
import { secondFactor, secureAdmin, type SecuredAdmin } from '../../../server/src/test/harness.ts';
import { session } from '../app/session.ts';
import { renderSignedOut, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Login } from './Login.tsx';

let bo: BackOffice;
let finance: SecuredAdmin;
/** The bodies of the POST /admin/api/login calls the screen sends. */
const logins: { otp?: string }[] = [];

beforeAll(async () => {
  bo = await startBackOffice();
  finance = await secureAdmin(bo.t, 'finance');
  const serverFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (String(input).endsWith('/admin/api/login') && typeof init?.body === 'string')
      logins.push(JSON.parse(init.body) as { otp?: string });
    return serverFetch(input, init);
  };
});
afterAll(async () => bo.close());
beforeEach(() => {
  logins.length = 0;
  renderSignedOut(<Login />);
});

async function passwordStep(user: UserEvent, who: { userName: string; password: string }) {
  await user.type(screen.getByLabelText('User name'), who.userName);
  await user.type(screen.getByLabelText('Password'), who.password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Six digits that are not the account's code for the step before, the current or the next one. */
function wrongCode(admin: SecuredAdmin): string {
  const secret = admin.secret ?? '';
  const now = bo.t.ctx.clock.now();
  const good = new Set([-1, 0, 1].map((d) => totpCode(secret, now + d * totpPeriodMs)));
  for (let n = 0; ; n++) {
    const candidate = String((314159 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!good.has(candidate)) return candidate;
  }
}

describe('signing in to the back office', () => {
  it('asks for the authenticator code in a second step and signs in with it', async () => {
    const user = userEvent.setup();
    await passwordStep(user, finance);

    expect(await screen.findByRole('heading', { name: 'Enter your sign-in code' })).toBeTruthy();
    expect(session.get()).toBeNull();
    const field = screen.getByLabelText('Sign-in code');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');

    await user.type(field, secondFactor(bo.t, finance));
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(session.get()?.admin.userName).toBe(finance.userName));
    expect(session.get()?.admin).toMatchObject({
      role: 'finance',
      totpEnrolled: true,
      totpRequired: true,
      mustChangePassword: false,
    });
    // The first step sent no code; the second the same name and password with the code.
    expect(logins.map((body) => body.otp === undefined)).toEqual([true, false]);
  });

  it('says a refused code is not right, clears it and signs in nothing', async () => {
    const user = userEvent.setup();
    await passwordStep(user, finance);
    const field = await screen.findByLabelText('Sign-in code');
    await user.type(field, wrongCode(finance));
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right, or it was already used. Wait for the next code in the app and try again.',
    );
    expect((field as HTMLInputElement).value).toBe('');
    expect(session.get()).toBeNull();
    expect(logins).toHaveLength(2);
  });

  it('takes a recovery code in place of the app code, once', async () => {
    const user = userEvent.setup();
    const recovery = finance.recoveryCodes[0] ?? '';
    await passwordStep(user, finance);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByRole('heading', { name: 'Use a recovery code' })).toBeTruthy();
    const field = screen.getByLabelText('Recovery code');
    expect(field.getAttribute('autocomplete')).toBe('off');
    await user.type(field, recovery.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(session.get()?.admin.userName).toBe(finance.userName));

    // The same code a second time is refused.
    renderSignedOut(<Login />);
    await passwordStep(user, finance);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), recovery);
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That recovery code is not right, or it was already used.',
    );
    expect(session.get()).toBeNull();
  });

  it('does not send a code of the wrong shape', async () => {
    const user = userEvent.setup();
    await passwordStep(user, finance);
    const field = await screen.findByLabelText('Sign-in code');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByText('Enter the 6 digits from the app.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'not-a-code');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByText('A recovery code has 10 letters and digits, like abcde-12345.')).toBeTruthy();
    expect(logins).toHaveLength(1);
  });

  it('shows a wrong password on the first step and asks for no code', async () => {
    const user = userEvent.setup();
    await passwordStep(user, { userName: finance.userName, password: 'not the password' });
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password');
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();
    expect(session.get()).toBeNull();
  });

  it('goes back to the first step with the password cleared', async () => {
    const user = userEvent.setup();
    await passwordStep(user, finance);
    await user.click(await screen.findByRole('button', { name: 'Back to user name and password' }));
    expect((screen.getByLabelText('User name') as HTMLInputElement).value).toBe(finance.userName);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('signs a support account without TOTP in with the password alone', async () => {
    const support = await secureAdmin(bo.t, 'support', { totp: false });
    const user = userEvent.setup();
    await passwordStep(user, support);
    await waitFor(() => expect(session.get()?.admin.userName).toBe(support.userName));
    expect(session.get()?.admin).toMatchObject({ totpRequired: false, totpEnrolled: false });
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();
  });
});
