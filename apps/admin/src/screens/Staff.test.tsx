// The staff screen against the real server: a superadmin adds a finance colleague (the form's own checks send
// nothing; the generated password is shown once and signs in, gated until the account is secured), a taken
// name is refused in the server's words, disabling needs a reason and stops the colleague signing in, a
// reset shows a new password that replaces the old one; a finance admin is told staff are not theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Staff } from './Staff.tsx';

let bo: BackOffice;
let superadmin: AdminSession;
let staffPosts = 0;

beforeAll(async () => {
  bo = await startBackOffice();
  superadmin = await bo.admin('superadmin');
  const serverFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (String(input).includes('/admin/api/staff') && init?.method === 'POST') staffPosts++;
    return serverFetch(input, init);
  };
});
afterAll(async () => bo.close());

/** POST /admin/api/login as a person would on the login screen (first step: no code). */
async function login(userName: string, password: string) {
  const res = await bo.t.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: { userName, password },
  });
  return res.json<{ code: string; result: { token: string; admin: AdminSession['admin'] } | null }>();
}

/** Adds a colleague through the form and returns the password the screen showed once. */
async function addColleague(user: UserEvent, userName: string, role: string): Promise<string> {
  await user.click(await screen.findByRole('button', { name: 'Add a colleague' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a colleague' });
  await user.type(within(dialog).getByLabelText(/User name/), userName);
  await user.click(within(dialog).getByRole('radio', { name: new RegExp(`^${role}`) }));
  await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
  const shown = await screen.findByRole('dialog', { name: `Account created for ${userName}` });
  const password = within(shown).getByTestId('generated-password').textContent ?? '';
  expect(within(shown).getByText(/This password is shown only this once/)).toBeTruthy();
  await user.click(within(shown).getByRole('button', { name: 'I have noted the password' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return password;
}

const rowOf = async (userName: string) =>
  (await screen.findByText(userName, { selector: 'bdi' })).closest('tr') as HTMLElement;

describe('the staff screen', () => {
  it('adds a finance colleague whose password, shown once, signs in to a gated session', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Staff admin={superadmin.admin} />);
    const password = await addColleague(user, 'fin.alice', 'Finance');
    expect(password.length).toBeGreaterThanOrEqual(12);

    const row = await rowOf('fin.alice');
    expect(within(row).getByText('Finance')).toBeTruthy();
    expect(within(row).getByText('Must change password')).toBeTruthy();
    expect(within(row).getByText('Required, not set up yet')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The account fin.alice is created.');

    const signedIn = await login('fin.alice', password);
    expect(signedIn.code).toBe('200');
    expect(signedIn.result?.admin).toMatchObject({
      role: 'finance',
      mustChangePassword: true,
      totpEnrolled: false,
    });
    const gated = await bo.t.app.inject({
      method: 'GET',
      url: '/admin/api/reviews/deposits',
      headers: { authorization: signedIn.result?.token ?? '' },
    });
    expect(gated.json<{ code: string }>().code).toBe('10114');
  });

  it('checks the name and the role before sending, and shows a taken name in the server’s words', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Staff admin={superadmin.admin} />);
    const before = staffPosts;
    await user.click(await screen.findByRole('button', { name: 'Add a colleague' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a colleague' });
    const name = within(dialog).getByLabelText(/User name/);
    await user.type(name, 'Bob Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Choose a role.')).toBeTruthy();
    expect(staffPosts).toBe(before);

    await user.clear(name);
    await user.type(name, 'fin.alice');
    await user.click(within(dialog).getByRole('radio', { name: /^Support/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This user name is already taken');
    expect(staffPosts).toBe(before + 1);
  });

  it('disables a colleague with a reason, who then cannot sign in, and enables them again', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Staff admin={superadmin.admin} />);
    const password = await addColleague(user, 'sup.bob', 'Support');
    const row = await rowOf('sup.bob');
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable sup.bob' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 'left the company');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(await rowOf('sup.bob')).findByText('Disabled')).toBeTruthy();
    expect((await login('sup.bob', password)).code).toBe('10004');

    const audit = await bo.t.app.inject({
      method: 'GET',
      url: '/admin/api/audit',
      headers: { authorization: superadmin.token },
    });
    const rows = audit.json<{ result: { list: { reason: string | null; action: string }[] } }>().result.list;
    expect(rows.some((r) => r.reason === 'left the company')).toBe(true);

    await user.click(within(await rowOf('sup.bob')).getByRole('button', { name: 'Enable' }));
    const enable = await screen.findByRole('dialog', { name: 'Enable sup.bob' });
    await user.type(within(enable).getByLabelText(/Reason/), 'came back');
    await user.click(within(enable).getByRole('button', { name: 'Enable' }));
    expect(await within(await rowOf('sup.bob')).findByText('Active')).toBeTruthy();
    expect((await login('sup.bob', password)).code).toBe('200');
  });

  it('resets a password: the new one is shown once and the old one stops working', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Staff admin={superadmin.admin} />);
    const old = await addColleague(user, 'comp.carol', 'Compliance');
    await user.click(within(await rowOf('comp.carol')).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of comp.carol' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'forgot it');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'New password for comp.carol' });
    const fresh = within(shown).getByTestId('generated-password').textContent ?? '';
    expect(fresh).not.toBe(old);
    expect((await login('comp.carol', old)).code).toBe('10004');
    expect((await login('comp.carol', fresh)).code).toBe('200');
  });

  it('offers no actions on one’s own row', async () => {
    renderAs(superadmin, <Staff admin={superadmin.admin} />);
    const own = await rowOf(superadmin.admin.userName);
    expect(within(own).getByText('You')).toBeTruthy();
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByRole('link', { name: 'My account' })).toBeTruthy();
  });

  it('tells a finance admin that staff accounts are a super administrator’s', async () => {
    const finance = await bo.admin('finance');
    renderAs(finance, <Staff admin={finance.admin} />);
    expect(screen.getByText('Only a super administrator manages staff accounts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a colleague' })).toBeNull();
    const refused = await bo.t.app.inject({
      method: 'GET',
      url: '/admin/api/staff',
      headers: { authorization: finance.token },
    });
    expect(refused.statusCode).toBe(403);
  });
});
