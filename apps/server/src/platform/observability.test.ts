// What operators rely on: health and readiness, Prometheus metrics, the OpenAPI document, request ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('health', () => {
  it('answers /healthz with 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    // An embedded node leads its one-node cluster and has no Redis; the walk alone is no live feed.
    expect(res.json()).toEqual({ status: 'ready', role: 'leader', redis: 'none', feeds: [] });
  });
});

describe('/metrics', () => {
  it('serves Prometheus text with request latency by route', async () => {
    await client(t.app).get('/api/swx/customer/login/checkUserNameOrPhone', {
      query: { userName: 'metric_me' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/swx\/customer\/login\/checkUserNameOrPhone"[^}]*\} [1-9]/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('/api/docs', () => {
  it('serves the OpenAPI JSON listing the auth calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/swx/customer/login/register']).toHaveProperty('post');
    expect(doc.paths['/api/swx/customer/login/login']).toHaveProperty('post');
    expect(doc.paths['/api/swx/customer/user/getUserInfo']).toHaveProperty('post');
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('request ids', () => {
  it('echoes a well-formed x-request-id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'req-1234-abcd' },
    });
    expect(res.headers['x-request-id']).toBe('req-1234-abcd');
  });

  it('makes one up when none is sent, different each time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('replaces a malformed x-request-id rather than echoing it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id<script>' },
    });
    expect(res.headers['x-request-id']).not.toBe('bad id<script>');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('sends the id on error answers too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'req-404-abcdef' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('req-404-abcdef');
  });
});
