// The customer's side of the support inbox on the real app and database: sending, reading, validation,
// images, who sees what, and the send limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { codes } from '@tradewind/contract';
import { client, roomyRateLimits, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { customerBase, pngDataUrl, staffBase, supportCustomer } from './testing.ts';

/** Narrow per account, roomy per address (every test customer sends from 127.0.0.1). */
const accountMax = 8;
let t: TestApp;
let staff: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: {
      ...roomyRateLimits,
      supportSend: { ...roomyRateLimits.supportSend, account: { max: accountMax, windowMs: 60_000 } },
    },
  });
  staff = client(t.app, { token: await adminLogin(t, 'support') });
});
afterAll(async () => t.close());

/** The thread id of a customer's conversation, as the staff list shows it. */
async function threadIdOf(userName: string): Promise<string> {
  const threads = await staff.get<{ list: { id: string; userName: string }[] }>(staffBase, {
    query: { size: '100' },
  });
  const thread = threads.body.result.list.find((th) => th.userName === userName);
  if (!thread) throw new Error(`no thread of ${userName}`);
  return thread.id;
}

describe('a customer and the support inbox', () => {
  it('a first message opens a conversation; staff replies come back in it and count as unread until listed', async () => {
    const c = await supportCustomer(t);
    expect((await c.list()).body.result).toEqual({ list: [], total: 0, page: 1, size: 20, status: null });
    const sent = await c.send({ text: '  My deposit is not credited yet  ' });
    expect(sent.status).toBe(200);
    expect(sent.body.result).toMatchObject({
      author: 'customer',
      text: 'My deposit is not credited yet',
      image: null,
    });
    const id = await threadIdOf(c.user.userName);
    await staff.post(`${staffBase}/${id}/reply`, { body: { text: 'We are looking at it.' } });
    expect(await c.unread()).toBe(1);
    const listed = await c.list();
    expect(listed.body.result.status).toBe('open');
    expect(listed.body.result.list.map((m) => [m.author, m.text])).toEqual([
      ['staff', 'We are looking at it.'],
      ['customer', 'My deposit is not credited yet'],
    ]);
    // Staff opened the customer's message when answering it.
    expect(listed.body.result.list.map((m) => m.read)).toEqual([true, true]);
    expect(await c.unread()).toBe(0);
  });

  it('pages the conversation newest first', async () => {
    const c = await supportCustomer(t);
    for (const text of ['one', 'two', 'three']) await c.send({ text });
    const second = await c.api.get<{ list: { text: string }[]; total: number }>(`${customerBase}/list`, {
      query: { page: '2', size: '2' },
    });
    expect(second.body.result.total).toBe(3);
    expect(second.body.result.list.map((m) => m.text)).toEqual(['one']);
  });

  it('refuses an empty, a blank and a 2001-character text with a field message in the reader’s language', async () => {
    const c = await supportCustomer(t);
    const empty = await c.send({ text: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.result).toEqual({ fields: { text: 'This field is required' } });
    const blank = await c.send({ text: '   \n ' }, 'de');
    expect(blank.body.result).toEqual({ fields: { text: 'Dieses Feld ist erforderlich' } });
    const long = await c.send({ text: 'x'.repeat(2001) });
    expect(long.body.result).toEqual({ fields: { text: 'Must be at most 2000 characters' } });
    expect((await c.send({ text: '字'.repeat(2000) })).status).toBe(200);
    const extra = await c.api.post(`${customerBase}/send`, { body: { text: 'hi', threadId: '1' } });
    expect(extra.status).toBe(400);
    expect((await c.list()).body.result.total).toBe(1);
  });

  it('refuses callers without a session with 401', async () => {
    const anonymous = client(t.app);
    expect((await anonymous.post(`${customerBase}/send`, { body: { text: 'hi' } })).status).toBe(401);
    expect((await anonymous.get(`${customerBase}/list`)).status).toBe(401);
    expect((await anonymous.get(`${customerBase}/unread`)).status).toBe(401);
  });

  it('a customer never sees another customer’s conversation or replies', async () => {
    const a = await supportCustomer(t);
    const b = await supportCustomer(t);
    await a.send({ text: 'private question of A' });
    await staff.post(`${staffBase}/${await threadIdOf(a.user.userName)}/reply`, {
      body: { text: 'answer to A' },
    });
    expect((await b.list()).body.result.list).toEqual([]);
    expect(await b.unread()).toBe(0);
    await b.send({ text: 'question of B' });
    expect((await b.list()).body.result.list.map((m) => m.text)).toEqual(['question of B']);
    expect((await a.list()).body.result.list.map((m) => m.text)).toEqual([
      'answer to A',
      'private question of A',
    ]);
  });
});

describe('images on support messages', () => {
  it('stores the image re-encoded and serves it to its owner and to staff only', async () => {
    const owner = await supportCustomer(t);
    const sent = await owner.send({ text: 'screenshot attached', image: await pngDataUrl(3) });
    expect(sent.status).toBe(200);
    const url = sent.body.result.image;
    expect(url).toMatch(/^\/api\/swx\/customer\/support\/image\/[0-9a-f]{32}\.png$/);
    const name = String(url).split('/').pop();
    const mine = await t.app.inject({
      method: 'GET',
      url: String(url),
      headers: { authorization: owner.user.token },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(64);

    const stranger = await supportCustomer(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: String(url),
      headers: { authorization: stranger.user.token },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: String(url) })).statusCode).toBe(401);

    const staffUrl = `/admin/api/uploads/${name}`;
    const detail = await staff.get<{ list: { image: string | null }[] }>(
      `${staffBase}/${await threadIdOf(owner.user.userName)}`,
    );
    expect(detail.body.result.list[0]?.image).toBe(staffUrl);
    const seen = await t.app.inject({
      method: 'GET',
      url: staffUrl,
      headers: { authorization: await adminLogin(t, 'support') },
    });
    expect(seen.statusCode).toBe(200);
  });

  it('refuses a file that is not an image (10106) and one above the upload limit (10107), storing nothing', async () => {
    const c = await supportCustomer(t);
    const notImage = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const wrong = await c.send({ text: 'file', image: notImage });
    expect([wrong.status, wrong.body.code]).toEqual([400, codes.imageFormat]);
    const notDataUrl = await c.send({ text: 'file', image: 'https://example.com/a.png' });
    expect(notDataUrl.body.code).toBe(codes.imageFormat);
    // Noise does not compress: a PNG above 2 MiB.
    const noise = randomBytes(900 * 900 * 3);
    const big = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(t.config.uploadMaxBytes);
    const tooLarge = await c.send({ text: 'big', image: `data:image/png;base64,${big.toString('base64')}` });
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, codes.imageTooLarge]);
    expect((await c.list()).body.result.total).toBe(0);
  });
});

describe('the send limit', () => {
  it(`a customer sending more than ${accountMax} messages a minute is refused with 10104`, async () => {
    const c = await supportCustomer(t);
    for (let i = 0; i < accountMax; i++) {
      expect((await c.send({ text: `message ${i}` })).status).toBe(200);
    }
    const refused = await c.send({ text: 'one too many' });
    expect([refused.status, refused.body.code]).toEqual([429, codes.tooManyRequests]);
    // Another customer is not held back by it.
    expect((await (await supportCustomer(t)).send({ text: 'hello' })).status).toBe(200);
  });
});
