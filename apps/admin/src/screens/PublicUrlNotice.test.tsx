// The dashboard warns when PUBLIC_URL, where invite links and their QR codes send customers, is not the
// address the back office is open at (issue 23), and says nothing when it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { PublicUrlNotice } from './PublicUrlNotice.tsx';

let bo: BackOffice;
let support: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  support = await bo.admin('support');
});
afterAll(async () => bo.close());

describe('the PUBLIC_URL warning', () => {
  it('names both addresses when the back office is open elsewhere', async () => {
    // The test server runs with the default PUBLIC_URL, http://localhost:3000.
    renderAs(support, <PublicUrlNotice origin="http://127.0.0.1:3203" />);
    const warning = await screen.findByTestId('public-url-warning');
    expect(warning.textContent).toContain('http://localhost:3000');
    expect(warning.textContent).toContain('http://127.0.0.1:3203');
    expect(warning.textContent).toContain('PUBLIC_URL');
  });

  it('is not shown when the back office is open at PUBLIC_URL', async () => {
    // Beside a notice for another origin, so the answer is known to be in when that one shows.
    renderAs(
      support,
      <>
        <PublicUrlNotice origin="http://localhost:3000" />
        <PublicUrlNotice origin="https://elsewhere.example" />
      </>,
    );
    const shown = await screen.findAllByTestId('public-url-warning');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.textContent).toContain('https://elsewhere.example');
  });
});
