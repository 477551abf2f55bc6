// Scaled mode's start rules: every node must share SECRET_KEY (a node refuses to start on PostgreSQL
// without it), and a key rotation names the old key beside the new one, never alone or equal to it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkServingConfig, ConfigError, loadConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const key = () => randomBytes(32).toString('base64');
const pgUrl = 'postgres://postgres@127.0.0.1:5432/none';

describe('scaled mode and SECRET_KEY', () => {
  it('a serving node on DATABASE_URL without SECRET_KEY is refused, with the reason', () => {
    expect(() => checkServingConfig(loadConfig({ DATABASE_URL: pgUrl }))).toThrow(ConfigError);
    expect(() => checkServingConfig(loadConfig({ DATABASE_URL: pgUrl }))).toThrow(
      /SECRET_KEY is required when DATABASE_URL is set/,
    );
    expect(() => checkServingConfig(loadConfig({ DATABASE_URL: pgUrl, SECRET_KEY: key() }))).not.toThrow();
    // Embedded: one node, a generated key file is enough.
    expect(() => checkServingConfig(loadConfig({}))).not.toThrow();
  });

  it('SECRET_KEY_PREVIOUS needs SECRET_KEY, differs from it, and is a key', () => {
    const k = key();
    expect(() => loadConfig({ SECRET_KEY_PREVIOUS: k })).toThrow(/without SECRET_KEY/);
    expect(() => loadConfig({ SECRET_KEY: k, SECRET_KEY_PREVIOUS: k })).toThrow(/same key/);
    expect(() => loadConfig({ SECRET_KEY: k, SECRET_KEY_PREVIOUS: 'short' })).toThrow(/SECRET_KEY_PREVIOUS/);
    const previous = key();
    expect(loadConfig({ SECRET_KEY: k, SECRET_KEY_PREVIOUS: previous })).toMatchObject({
      secretKey: k,
      secretKeyPrevious: previous,
    });
  });

  it('the server exits 78 before touching the database, printing one line that names SECRET_KEY', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: pgUrl, LOG_LEVEL: 'silent' };
    delete env.SECRET_KEY;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(exitCode).toBe(78);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^tradewind: invalid configuration: SECRET_KEY is required when DATABASE_URL is set/,
    );
  });
});
