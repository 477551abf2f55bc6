import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => t.close());
it('docs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, unknown> };
  console.log(Object.keys(doc.paths).filter((p) => /index|Watch|watch/.test(p)));
  console.log(JSON.stringify((doc.paths['/api/swx/customer/index/listMarketByType'] as Record<string, unknown>)?.get).slice(0, 600));
  for (let i = 0; i < 3; i++) { const s = performance.now(); await t.app.inject({ method: 'GET', url: '/api/swx/customer/index/listMarketByType?type=2' }); console.log('list ms', (performance.now() - s).toFixed(1)); }
});
