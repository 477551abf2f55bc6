// The envelope on every kind of answer: success, validation, unknown fields, unknown routes and 500s.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
const secret = 'connect ECONNREFUSED 10.1.2.3:5432 user=tradewind password=hunter2';
beforeAll(async () => {
  t = await startTestApp();
  // Throwaway routes, added before the app is ready (the first inject makes it ready).
  t.app.get('/api/test/boom', async () => {
    throw new Error(secret);
  });
  t.app.get('/api/test/bad-shape', {
    schema: { response: { 200: envelope(z.object({ amount: z.string() })) } },
    handler: async () => ({ code: '200', message: 'ok', result: { amount: 12.5, internal: secret } }),
  });
});
afterAll(async () => t.close());

const base = '/api/swx/customer/login';

describe('envelope', () => {
  it('wraps a success as code "200", a message and the result', async () => {
    const res = await client(t.app).get(`${base}/checkUserNameOrPhone`, { query: { userName: 'free_name' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '200', message: 'Success', result: { available: true } });
  });

  it('answers 400 with a localized message per invalid field', async () => {
    const res = await client(t.app).post(`${base}/register`, {
      body: { userName: 'ab', email: 'not-an-email', password: 'short', code: '12' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: '10000',
      message: 'Request parameters cannot be empty',
      result: {
        fields: {
          userName: 'Username input error',
          email: 'Email input error',
          password: 'Use at least 10 characters',
          code: 'Wrong verification code',
        },
      },
    });
  });

  it('names each missing field as required', async () => {
    const res = await client(t.app).post(`${base}/register`, { body: { userName: 'valid_name' } });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({
      fields: {
        email: 'This field is required',
        password: 'This field is required',
        code: 'This field is required',
      },
    });
  });

  it('answers the field own code when one field alone is wrong', async () => {
    const res = await client(t.app).post(`${base}/sendCode`, {
      body: { email: 'nope', purpose: 'register' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: '10002',
      message: 'Email input error',
      result: { fields: { email: 'Email input error' } },
    });
  });

  it('refuses an unknown body field with 400 under fields.<name>', async () => {
    const res = await client(t.app).post(`${base}/login`, {
      body: { userName: 'someone', password: 'something long', isAdmin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { isAdmin: 'Unknown field' } });
  });

  it('refuses an unknown query field with 400 under fields.<name>', async () => {
    const res = await client(t.app).get(`${base}/checkUserNameOrPhone`, {
      query: { userName: 'x_name', role: 'admin' },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { role: 'Unknown field' } });
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": "a",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: '10000',
      message: 'Request parameters cannot be empty',
      result: null,
    });
  });

  it('answers an unknown API route with 404 and 10111 in the envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/swx/customer/nothing/here'],
      ['POST', '/api/swx/customer/user/noSuchCall'],
      ['GET', '/admin/api/nothing'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: '10111', message: 'Resource not found', result: null });
    }
  });

  it('answers a thrown internal error with 500 and no internals in the message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: '500',
      message: 'Unknown error, please try again later',
      result: null,
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('answers a response that breaks its own schema with 500, leaking nothing of it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/bad-shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: '500',
      message: 'Unknown error, please try again later',
      result: null,
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers 401 in the envelope for a call that needs a token', async () => {
    const u = await registerUser(t, 'env_user');
    const withToken = await client(t.app, { token: u.token }).post('/api/swx/customer/user/getUserInfo');
    const without = await client(t.app).post('/api/swx/customer/user/getUserInfo');
    expect(withToken.body.code).toBe('200');
    expect(without.status).toBe(401);
    expect(without.body).toEqual({ code: '401', message: 'Please log in again', result: null });
  });
});
