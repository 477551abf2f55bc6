// Test helpers for loans: a customer verified through the real KYC flow (submitted, approved by compliance),
// the agreement as the customer downloads it, and a signature as the pad sends it.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { KycReviewItem, LoanRecord, Page } from '@tradewind/contract';
import { client, registerUser, type TestApp } from '../test/harness.ts';
import { makeImage, pngPart, postForm } from '../test/multipart.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';

export const user = '/api/swx/customer/user';

/** The identification form with its three photos, as the app sends it; pending until compliance decides. */
export async function submitIdentification(t: Pick<TestApp, 'app'>, token: string): Promise<void> {
  const jpeg = async (seed: number) => ({
    data: await makeImage('jpeg', seed),
    filename: 'p.jpg',
    contentType: 'image/jpeg',
  });
  const sent = await postForm(
    t.app,
    `${user}/identification`,
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-05-17',
      country: 'GB',
      address: '12 St James’s Square, London',
      areaCode: '+44',
      phone: '7700900123',
      docType: 'passport',
      front: await jpeg(1),
      back: await jpeg(2),
      selfie: await pngPart(3),
    },
    { token },
  );
  if (sent.status !== 200) throw new Error(`identification failed: ${JSON.stringify(sent.body)}`);
}

export async function verifiedCustomer(t: TestApp) {
  const u = await registerUser(t);
  await submitIdentification(t, u.token);
  const compliance = await adminLogin(t, 'compliance');
  const admin = client(t.app, { token: compliance });
  const queue = await admin.get<Page<KycReviewItem>>('/admin/api/reviews/kyc', {
    query: { status: 'pending', size: '100' },
  });
  const item = queue.body.result.list.find((s) => s.user.id === u.id);
  if (!item) throw new Error('no pending KYC submission');
  const approved = await admin.post(`/admin/api/reviews/kyc/${item.id}/approve`, { body: {} });
  if (approved.status !== 200) throw new Error(`KYC approval failed: ${JSON.stringify(approved.body)}`);
  return { ...u, api: client(t.app, { token: u.token, book: 'YES' }) };
}

/** The agreement PDF as downloaded, with its SHA-256 from the header. */
export async function downloadAgreement(
  t: TestApp,
  token: string,
  productId: string,
  amount: string,
  lang = 'en',
) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${user}/loanAgreement`,
    query: { productId, amount },
    headers: { authorization: token, 'accept-language': lang },
  });
  return {
    status: res.statusCode,
    pdf: res.rawPayload,
    sha256: String(res.headers['x-agreement-sha256'] ?? ''),
    res,
  };
}

export async function signatureDataUrl(seed = 0): Promise<string> {
  const png = await sharp({
    create: { width: 320, height: 120, channels: 4, background: { r: 10, g: 20, b: 90 + seed, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const key = () => `loan-${randomUUID()}`;

/** Applies for `amount` of a product as the app does: the agreement downloaded, signed, its hash sent back. */
export async function applyForLoan(
  t: TestApp,
  who: { token: string; api: ReturnType<typeof client> },
  productId: string,
  amount: string,
) {
  const agreement = await downloadAgreement(t, who.token, productId, amount);
  return who.api.post<LoanRecord>(`${user}/loan`, {
    body: {
      productId,
      amount,
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement.sha256,
    },
    headers: { 'idempotency-key': key() },
  });
}
