// PUBLIC_URL that does not match where the server is reached (issue 23): a start logs a warning naming both,
// and the back office reads PUBLIC_URL and the port to warn where the operator works.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { portOfUrl, publicUrlPortWarning } from './public-url.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

/** A port nothing listens on now (the OS picks it, then it is released). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('a start', () => {
  it('logs the warning when PUBLIC_URL names another port, and none when it matches', async () => {
    const logOf = async (publicUrl: string, port: number) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-public-url-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        PUBLIC_URL: publicUrl,
      };
      delete env.DATABASE_URL;
      delete env.REDIS_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      // The start ends when the server listens ("Server listening"); then it is stopped.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${out}`)), 90_000);
        const read = (chunk: Buffer) => {
          out += chunk.toString();
          if (/Server listening/.test(out)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('close', () => {
          clearTimeout(timer);
          reject(new Error(`exited before listening:\n${out}`));
        });
      });
      const closed = new Promise((resolve) => child.on('close', resolve));
      child.kill('SIGTERM');
      await closed;
      await rm(dataDir, { recursive: true, force: true });
      return out;
    };
    const port = await freePort();
    const warningsOf = (log: string) => log.split('\n').filter((line) => line.includes('PUBLIC_URL ('));
    // The default PUBLIC_URL (port 3000) on another port: one warning, at level warn, naming both.
    const mismatched = warningsOf(await logOf('http://localhost:3000', port));
    expect(mismatched).toHaveLength(1);
    expect(JSON.parse(mismatched[0] ?? '{}')).toMatchObject({
      level: 40,
      publicUrl: 'http://localhost:3000',
      port,
    });
    expect(warningsOf(await logOf(`http://127.0.0.1:${port}`, port))).toEqual([]);
  }, 200_000);
});

describe('GET /admin/api/public-url', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ publicUrl: 'https://trade.example.com', port: 8080 });
  });
  afterAll(async () => t.close());

  it('answers PUBLIC_URL and the listening port to any operator, nothing without a session', async () => {
    const support = await adminLogin(t, 'support');
    const res = await client(t.app, { token: support }).get('/admin/api/public-url');
    expect(res.body).toMatchObject({
      code: '200',
      result: { publicUrl: 'https://trade.example.com', port: 8080 },
    });
    expect((await client(t.app).get('/admin/api/public-url')).status).toBe(401);
  });
});
