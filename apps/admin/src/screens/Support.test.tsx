// The support inbox, rendered against the real server: a support-role admin opens a customer's thread, sees
// the message, answers it (the customer's app then has the reply), and closes the conversation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportConversation } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { registerUser } from '../../../server/src/test/harness.ts';
import { Support } from './Support.tsx';

let bo: BackOffice;
let support: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  support = await bo.admin('support');
});
afterAll(async () => bo.close());

/** A customer who has written to support through the customer API. */
async function customerWhoWrote(text: string) {
  const user = await registerUser(bo.t);
  await bo.t.app.inject({
    method: 'POST',
    url: '/api/swx/customer/support/send',
    headers: { authorization: user.token },
    payload: { text },
  });
  const conversation = async () =>
    (
      await bo.t.app.inject({
        method: 'GET',
        url: '/api/swx/customer/support/list',
        headers: { authorization: user.token },
      })
    ).json<{ result: SupportConversation }>().result;
  return { user, conversation };
}

describe('the support inbox', () => {
  it('a support admin reads a waiting message, answers it, and the customer has the reply', async () => {
    const customer = await customerWhoWrote('Where is my withdrawal?');
    const user = userEvent.setup();
    renderAs(support, <Support admin={support.admin} />);
    const name = await screen.findByText(customer.user.userName, { selector: 'bdi' });
    const row = name.closest('tr') as HTMLElement;
    expect(within(row).getByText('1 unread')).toBeTruthy();
    await user.click(within(row).getByRole('button'));
    const log = await screen.findByTestId('support-log');
    await waitFor(() => expect(log.textContent).toContain('Where is my withdrawal?'));
    await user.type(screen.getByLabelText('Reply'), 'It was sent an hour ago.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Reply sent.'));
    await waitFor(async () =>
      expect((await customer.conversation()).list[0]).toMatchObject({
        author: 'staff',
        text: 'It was sent an hour ago.',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('support-log').textContent).toContain('It was sent an hour ago.'),
    );
  });

  it('an empty reply is not sent, and a closed conversation offers reopening instead of a reply box', async () => {
    const customer = await customerWhoWrote('Thanks, all good');
    const user = userEvent.setup();
    renderAs(support, <Support admin={support.admin} />);
    await user.click(
      within(
        (await screen.findByText(customer.user.userName, { selector: 'bdi' })).closest('tr') as HTMLElement,
      ).getByRole('button'),
    );
    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(screen.getByText('Required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close conversation' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Conversation closed.'));
    expect(await screen.findByRole('button', { name: 'Reopen conversation' })).toBeTruthy();
    expect(screen.queryByLabelText('Reply')).toBeNull();
    expect((await customer.conversation()).status).toBe('closed');
    expect((await customer.conversation()).list.map((m) => m.author)).toEqual(['customer']);
  });
});
