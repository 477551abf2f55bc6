// PUBLIC_URL that does not match where the server is reached (issue 23): the decision (which port PUBLIC_URL
// names, and the warning when it is not PORT), and the back office's read of PUBLIC_URL and the port to warn
// where the operator works. That a real start logs the warning is public-url-start.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, secureAdmin, startTestApp, type TestApp } from '../test/harness.ts';
import { portOfUrl, publicUrlPortWarning } from './public-url.ts';

describe('the port PUBLIC_URL names', () => {
  it('is its own, else the scheme default', () => {
    expect(portOfUrl('http://localhost:3000')).toBe(3000);
    expect(portOfUrl('http://example.com')).toBe(80);
    expect(portOfUrl('https://example.com/')).toBe(443);
  });

  it('warns when it is not PORT, and not when it is', () => {
    expect(publicUrlPortWarning({ publicUrl: 'http://localhost:3000', port: 3000 })).toBeNull();
    expect(publicUrlPortWarning({ publicUrl: 'https://trade.example.com', port: 443 })).toBeNull();
    const warning = publicUrlPortWarning({ publicUrl: 'http://localhost:3000', port: 3203 });
    expect(warning).toMatch(/PUBLIC_URL \(http:\/\/localhost:3000\) names port 3000/);
    expect(warning).toMatch(/listens on PORT 3203/);
  });
});

describe('GET /admin/api/public-url', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ publicUrl: 'https://trade.example.com', port: 8080 });
  });
  afterAll(async () => t.close());

  it('answers PUBLIC_URL and the listening port to any operator, nothing without a session', async () => {
    const support = await secureAdmin(t, 'support');
    const res = await client(t.app, { token: support.token }).get('/admin/api/public-url');
    expect(res.body).toMatchObject({
      code: '200',
      result: { publicUrl: 'https://trade.example.com', port: 8080 },
    });
    expect((await client(t.app).get('/admin/api/public-url')).status).toBe(401);
  });
});
