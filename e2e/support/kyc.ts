// Identity verification for the browser tests, through the real flow as a person and an operator would:
// the customer submits the form's fields and photos to POST identification, and the first-start admin
// approves the submission from the back office's KYC queue.
import { expect, type APIRequestContext } from '@playwright/test';
import { backOfficeHeaders, envelope, type Customer } from './accounts.ts';
import { png, txHash } from './deposits.ts';

export type ReviewKind = 'deposits' | 'withdrawals' | 'kyc' | 'loans';

/** The first-start admin approves the customer's pending item of `kind` through the back office API. */
export async function approvePending(
  request: APIRequestContext,
  kind: ReviewKind,
  userName: string,
): Promise<{ payoutTxHash?: string }> {
  const headers = await backOfficeHeaders(request);
  let id: string | undefined;
  await expect
    .poll(async () => {
      const page = await envelope<{ list: { id: string; user: { userName: string } }[] }>(
        await request.get(`/admin/api/reviews/${kind}?status=pending&size=100`, { headers }),
      );
      id = page.list.find((item) => item.user.userName === userName)?.id;
      return id;
    })
    .toBeDefined();
  // A withdrawal (the tests save TRC20 addresses) is approved with the transaction that paid it out.
  const data = kind === 'withdrawals' ? { payoutTxHash: txHash() } : {};
  await envelope(await request.post(`/admin/api/reviews/${kind}/${id ?? ''}/approve`, { headers, data }));
  return data;
}

/** Submits the customer's identity and has compliance approve it: kycStatus becomes verified. */
export async function verifyIdentity(request: APIRequestContext, customer: Customer): Promise<void> {
  await submitIdentity(request, customer);
  await approvePending(request, 'kyc', customer.userName);
}

/** Submits the customer's identity for review (pending in the KYC queue). */
export async function submitIdentity(request: APIRequestContext, customer: Customer): Promise<void> {
  await envelope(
    await request.post('/api/swx/customer/user/identification', {
      headers: { Authorization: customer.token },
      multipart: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        sex: 'female',
        birthdate: '1990-12-10',
        country: 'GB',
        address: '12 St James Square, London',
        areaCode: '+44',
        phone: '7700900123',
        docType: 'passport',
        front: png('front.png'),
        back: png('back.png'),
        selfie: png('selfie.png'),
      },
    }),
  );
}
