import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycStatuses, type KycReviewItem, type Page } from '@tradewind/contract';
import {
  adminToken,
  client,
  registerUser,
  startTestApp,
  type TestApp,
  secureAdmin,
} from '../test/harness.ts';
import { pngPart, postForm, type FilePart, type Form } from '../test/multipart.ts';
import { makeImage } from '../test/multipart.ts';
import { uploads } from '../platform/uploads-tables.ts';
import { birthdateProblem } from './service.ts';
import { kycSubmissions } from './tables.ts';

let t: TestApp;
let compliance: string;
let finance: string;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp();
  compliance = await staff('kyc_compliance', 'compliance');
  finance = await staff('kyc_finance', 'finance');
  superadmin = await adminToken(t);
});
afterAll(async () => t.close());

const user = '/api/swx/customer/user';
const reviews = '/admin/api/reviews/kyc';

async function staff(name: string, role: 'support' | 'finance' | 'compliance') {
  return (await secureAdmin(t, role, { userName: name })).token;
}

async function form(over: Form = {}): Promise<Form> {
  const jpeg = async (seed: number): Promise<FilePart> => ({
    data: await makeImage('jpeg', seed),
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
  });
  return {
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
    ...over,
  };
}

const submit = (token: string, f: Form) => postForm(t.app, `${user}/identification`, f, { token });
const kycStatus = async (token: string) =>
  (await client(t.app, { token }).post<{ kycStatus: number }>(`${user}/getUserInfo`)).body.result.kycStatus;
const pendingOf = async (userId: string) => {
  const list = await client(t.app, { token: compliance }).get<Page<KycReviewItem>>(reviews, {
    query: { status: 'pending' },
  });
  const item = list.body.result.list.find((s) => s.user.id === userId);
  if (!item) throw new Error(`no pending submission of user ${userId}`);
  return item;
};
const decide = (token: string, id: string, action: 'approve' | 'reject', body: unknown = {}) =>
  client(t.app, { token }).post<KycReviewItem>(`${reviews}/${id}/${action}`, { body });

describe('identification', () => {
  it('goes pending → refused while pending → rejected → resubmitted → approved', async () => {
    const u = await registerUser(t);
    expect(await kycStatus(u.token)).toBe(kycStatuses.none);

    const first = await submit(u.token, await form());
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: '200', message: 'Submitted for review', result: null });
    expect(await kycStatus(u.token)).toBe(kycStatuses.pending);

    const again = await submit(u.token, await form());
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('10019');

    const rejected = await decide(compliance, (await pendingOf(u.id)).id, 'reject', {
      reason: 'photo is blurred',
    });
    expect(rejected.body.result).toMatchObject({ status: 'rejected', reason: 'photo is blurred' });
    expect(await kycStatus(u.token)).toBe(kycStatuses.failed);
    const notes = await client(t.app, { token: u.token }).get<{ list: { kind: string; body: string }[] }>(
      `${user}/listNotification`,
    );
    expect(notes.body.result.list[0]).toMatchObject({
      kind: 'kycRejected',
      body: expect.stringContaining('photo is blurred'),
    });

    expect((await submit(u.token, await form({ docType: 'id_card' }))).body.code).toBe('200');
    expect(await kycStatus(u.token)).toBe(kycStatuses.pending);
    const resubmitted = await pendingOf(u.id);
    expect(resubmitted.docType).toBe('id_card');

    const approved = await decide(compliance, resubmitted.id, 'approve', { note: 'matches the selfie' });
    expect(approved.body.result).toMatchObject({ status: 'approved', reviewedBy: expect.any(String) });
    expect(await kycStatus(u.token)).toBe(kycStatuses.verified);
    expect((await submit(u.token, await form())).body.code).toBe('10019');
    expect((await decide(superadmin, resubmitted.id, 'approve')).body.code).toBe('10020');

    const [kept] = await t.ctx.db
      .select({ n: count() })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, Number(u.id)));
    expect(kept?.n).toBe(2);
    const audit = await client(t.app, { token: superadmin }).get<Page<{ action: string; target: string }>>(
      '/admin/api/audit',
    );
    expect(audit.body.result.list.map((a) => a.action)).toEqual(
      expect.arrayContaining(['kyc.approve', 'kyc.reject']),
    );
  });

  it('lists submissions to compliance with the fields and photo URLs that compliance can open', async () => {
    const u = await registerUser(t);
    await submit(u.token, await form({ country: 'de' }));
    const item = await pendingOf(u.id);
    expect(item).toMatchObject({
      user: { id: u.id, userName: u.userName, email: u.email },
      firstName: 'Ada',
      country: 'DE',
      birthdate: '1990-05-17',
      status: 'pending',
    });
    const url = /^\/admin\/api\/uploads\/[0-9a-f]{32}\.(jpg|png)$/;
    expect(item.photos).toEqual({
      front: expect.stringMatching(url),
      back: expect.stringMatching(url),
      selfie: expect.stringMatching(url),
    });
    const photo = (authorization: string) =>
      t.app.inject({ method: 'GET', url: item.photos.front, headers: { authorization } });
    expect((await photo(compliance)).statusCode).toBe(200);
    expect((await photo(compliance)).headers['content-type']).toBe('image/jpeg');
    expect((await photo(finance)).statusCode).toBe(403);
    expect((await photo(u.token)).statusCode).toBe(401);
  });

  it('keeps the queue to compliance: finance and support get 403, customers 401', async () => {
    const support = await staff('kyc_support', 'support');
    const u = await registerUser(t);
    await submit(u.token, await form());
    const id = (await pendingOf(u.id)).id;
    expect((await client(t.app, { token: finance }).get(reviews)).status).toBe(403);
    expect((await decide(finance, id, 'approve')).status).toBe(403);
    expect((await decide(support, id, 'reject', { reason: 'no' })).status).toBe(403);
    expect((await client(t.app, { token: u.token }).get(reviews)).status).toBe(401);
    expect((await decide(u.token, id, 'approve')).status).toBe(401);
    expect(await kycStatus(u.token)).toBe(kycStatuses.pending);
  });

  it('refuses a minor, a future birthdate, an unknown country and a bad document type', async () => {
    const u = await registerUser(t);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const seventeen = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
    const minor = await submit(u.token, await form({ birthdate: seventeen }));
    expect(minor.status).toBe(400);
    expect(minor.body.result).toEqual({ fields: { birthdate: 'You must be at least 18 years old' } });
    const future = await submit(u.token, await form({ birthdate: `${Number(today.slice(0, 4)) + 1}-01-01` }));
    expect(future.body.result).toEqual({ fields: { birthdate: 'This value is not valid' } });
    expect((await submit(u.token, await form({ birthdate: '1990-02-30' }))).status).toBe(400);
    expect((await submit(u.token, await form({ country: 'XX' }))).status).toBe(400);
    expect((await submit(u.token, await form({ docType: 'library_card' }))).status).toBe(400);
    expect(await kycStatus(u.token)).toBe(kycStatuses.none);
  });

  it('refuses a missing photo and a text file posing as one, storing nothing', async () => {
    const u = await registerUser(t);
    const missing = await submit(u.token, await form({ selfie: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.result).toEqual({ fields: { selfie: 'This field is required' } });
    const text = {
      data: Buffer.from('GIF89a? no, plain text'),
      filename: 'selfie.jpg',
      contentType: 'image/jpeg',
    };
    const wrong = await submit(u.token, await form({ selfie: text }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('10106');
    const [stored] = await t.ctx.db
      .select({ n: count() })
      .from(uploads)
      .where(eq(uploads.userId, Number(u.id)));
    expect(stored?.n).toBe(0);
    expect(await kycStatus(u.token)).toBe(kycStatuses.none);
  });

  it('reads no form from a caller without a session', async () => {
    const res = await submit('not-a-token', await form());
    expect(res.status).toBe(401);
  });
});

describe('birthdate rule', () => {
  const now = Date.UTC(2026, 2, 1, 12); // 2026-03-01
  it('is adult from the 18th birthday on, in UTC', () => {
    expect(birthdateProblem('2008-03-01', now)).toBeUndefined();
    expect(birthdateProblem('2008-03-02', now)).toBe('mustBeAdult');
    expect(birthdateProblem('2008-02-29', now)).toBeUndefined();
    expect(birthdateProblem('2026-03-02', now)).toBe('invalid');
    expect(birthdateProblem('1899-12-31', now)).toBe('invalid');
  });
});
