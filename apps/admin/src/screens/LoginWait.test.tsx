// The sign-in while failures ask for a wait (issue 25, M-9), against the real server with narrow windows:
// the wait is said, and the owner goes on with a code from the authenticator, which the wait never refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  roomyRateLimits,
  secondFactor,
  secureAdmin,
  type SecuredAdmin,
} from '../../../server/src/test/harness.ts';
import { session } from '../app/session.ts';
import { renderSignedOut, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Login } from './Login.tsx';

let bo: BackOffice;
let owner: SecuredAdmin;
beforeAll(async () => {
  const narrow = { max: 2, windowMs: 60_000 };
  bo = await startBackOffice({
    rateLimits: { ...roomyRateLimits, adminSignIn: { accountIp: narrow, ip: narrow, account: narrow } },
  });
  owner = await secureAdmin(bo.t, 'superadmin');
});
afterAll(async () => bo.close());

describe('signing in while failures ask for a wait', () => {
  it('says so, and signs the owner in with the password and a code', async () => {
    for (let i = 0; i < 3; i++)
      await bo.t.app.inject({
        method: 'POST',
        url: '/admin/api/login',
        payload: { userName: owner.userName, password: 'a wrong guess' },
      });
    const user = userEvent.setup();
    renderSignedOut(<Login />);
    await user.type(screen.getByLabelText('User name'), owner.userName);
    await user.type(screen.getByLabelText('Password'), owner.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many requests, please try again later')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in with a code' }));
    await user.type(await screen.findByLabelText('Sign-in code'), secondFactor(bo.t, owner));
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(session.get()?.admin.userName).toBe(owner.userName));
  });
});
