// Configuration is validated once at start; a bad value stops the server with a one-line reason.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('accepts an empty environment with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
      google: undefined,
      uploadMaxBytes: 2 * 1024 * 1024,
    });
    expect(config.pgliteDir).toBe(path.join(config.dataDir, 'pglite'));
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['UPLOAD_MAX_BYTES', '1'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'not a url'],
    ['MARKET_FEED', 'yahoo'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with a one-line reason naming the variable', (name, value) => {
    const err = configErrorFor({ [name]: value });
    expect(err.message).toContain(name);
    expect(err.message).not.toContain('\n');
  });

  it('refuses a Google client id without its secret', () => {
    const err = configErrorFor({ GOOGLE_CLIENT_ID: 'id-only' });
    expect(err.message).toMatch(/GOOGLE_CLIENT_ID.*GOOGLE_CLIENT_SECRET/);
  });

  it('treats an empty optional URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });
});

describe('starting the server with a bad value', () => {
  it('exits non-zero, printing one line that names PORT', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(exitCode).not.toBe(0);
    expect(exitCode).not.toBeNull();
    const lines = `${stdout}${stderr}`.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });
});
