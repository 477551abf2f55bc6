// Review findings closed at the edge (issue 25, "Still open from the reviews"): limits before the body is
// read and small replies to big bodies (M-5), the name check throttled (M-4), an unknown parameter a 404
// (L-6), /metrics behind a token (L-7), no caching of private answers (L-8), no codes in the log (L-9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes } from '@tradewind/contract';
import { client, login, registerUser, roomyRateLimits, startTestApp, type TestApp } from '../test/harness.ts';
import { createMailer } from './mail.ts';
import { maxFieldMessages } from './http.ts';

const minute = 60_000;
const metricsToken = 'scrape-token-of-the-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {
      rateLimits: {
        ...roomyRateLimits,
        login: { ip: { max: 3, windowMs: minute }, account: { max: 100, windowMs: minute } },
        availability: { ip: { max: 5, windowMs: minute } },
      },
    },
    { METRICS_TOKEN: metricsToken },
  );
});
afterAll(async () => t.close());

const loginUrl = '/api/swx/customer/login/login';
const post = (body: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: loginUrl,
    payload: body,
    headers: { 'content-type': 'application/json' },
    remoteAddress: ip,
  });

describe('M-5: login limits before the body, small bodies and replies', () => {
  it('answers a 5 KB login body 413 without reading it into a reply', async () => {
    const body = JSON.stringify({ userName: 'x', password: 'y'.repeat(5 * 1024) });
    const res = await post(body, '203.0.113.50');
    expect(res.statusCode).toBe(413);
  });

  it('names at most 10 fields of a body full of unknown keys', async () => {
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, 1])));
    expect(body.length).toBeLessThan(4096);
    const res = await post(body, '203.0.113.51');
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as { result: { fields: Record<string, string> } }).result.fields;
    expect(Object.keys(fields)).toHaveLength(maxFieldMessages);
    expect(res.body.length).toBeLessThan(2048);
  });

  it('counts invalid bodies against the IP window: the 4th answers 429, whatever it holds', async () => {
    const ip = '203.0.113.52';
    for (let i = 0; i < 3; i++) expect((await post('{"junk":1}', ip)).statusCode).toBe(400);
    const res = await post(JSON.stringify({ userName: 'a', password: 'b'.repeat(5000) }), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: codes.tooManyRequests });
  });
});

describe('M-4: checkUserNameOrPhone per client IP', () => {
  it('answers 429 past its window and lets another address through', async () => {
    const api = client(t.app);
    const ask = (ip: string) =>
      api.get('/api/swx/customer/login/checkUserNameOrPhone', { query: { userName: 'probe_me' }, ip });
    for (let i = 0; i < 5; i++) expect((await ask('198.51.100.40')).status).toBe(200);
    const res = await ask('198.51.100.40');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(codes.tooManyRequests);
    expect((await ask('198.51.100.41')).status).toBe(200);
  });
});

describe('L-6: getParamByKey of an unknown key', () => {
  it('answers 404 with 10111', async () => {
    const res = await client(t.app).get('/api/swx/customer/index/getParamByKey/no_such_param');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(codes.notFound);
  });
});

describe('L-7: /metrics behind METRICS_TOKEN', () => {
  it('answers 401 without the token and with a wrong one, the metrics with it', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(bare.statusCode).toBe(401);
    expect(bare.body).not.toContain('http_request_duration_seconds');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('is not served in production without a token', async () => {
    const prod = await startTestApp({ env: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('L-8: private answers are not cached', () => {
  it('marks the login answer and a signed-in read no-store', async () => {
    const who = await registerUser(t, 'nostore_user');
    const signedIn = await login(t, who.userName, who.password, { ip: '192.0.2.80' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const info = await client(t.app, { token: who.token }).post('/api/swx/customer/user/getUserInfo');
    expect(info.status).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
  });

  it('keeps the long cache a public image asks for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/swx/customer/index/logo/BTCUSDT.svg' });
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});

describe('L-9: verification codes never reach the log', () => {
  it('logs neither the subject nor the text of a mail written to the outbox', async () => {
    const lines: string[] = [];
    const log = { info: (...args: unknown[]) => lines.push(JSON.stringify(args)) };
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Tradewind <no-reply@tradewind.local>',
      outboxDir: `${t.dataDir}/outbox-l9`,
      log: log as never,
    });
    await mailer.send({ to: 'a@example.com', subject: 'Your code 482913', text: 'Code: 482913' });
    mailer.close();
    expect(lines.length).toBe(1);
    expect(lines.join('\n')).not.toContain('482913');
  });
});
