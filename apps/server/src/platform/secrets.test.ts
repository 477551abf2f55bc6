import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets, secretsFromKey, SecretKeyError } from './secrets.ts';
import { ConfigError, loadConfig } from './config.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-secrets-'));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

const noWarn = () => undefined;
const config = (secretKey?: string) => ({ dataDir, secretKey, databaseUrl: undefined });

describe('secrets', () => {
  it('round-trips a value, with a fresh IV each time', () => {
    const s = secretsFromKey(randomBytes(32));
    const a = s.encrypt('4111111111111111', 'user:1');
    const b = s.encrypt('4111111111111111', 'user:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('4111');
    expect(s.decrypt(a, 'user:1')).toBe('4111111111111111');
  });

  it('refuses to open a value under another context, an altered value, or under another key', () => {
    const s = secretsFromKey(randomBytes(32));
    const sealed = s.encrypt('4111111111111111', 'user:1');
    expect(() => s.decrypt(sealed, 'user:2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => s.decrypt([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'user:1')).toThrow();
    expect(() => secretsFromKey(randomBytes(32)).decrypt(sealed, 'user:1')).toThrow();
    expect(() => s.decrypt('v0.a.b.c', 'user:1')).toThrow(SecretKeyError);
  });

  it('fingerprints equal values equally, and differently under another key', () => {
    const key = randomBytes(32);
    expect(secretsFromKey(key).fingerprint('x')).toBe(secretsFromKey(key).fingerprint('x'));
    expect(secretsFromKey(key).fingerprint('x')).not.toBe(secretsFromKey(key).fingerprint('y'));
    expect(secretsFromKey(randomBytes(32)).fingerprint('x')).not.toBe(secretsFromKey(key).fingerprint('x'));
  });

  it('uses SECRET_KEY when set and writes no key file', async () => {
    const key = randomBytes(32).toString('base64');
    const sealed = (await loadSecrets(config(key), noWarn)).encrypt('secret', 'c');
    expect(secretsFromKey(Buffer.from(key, 'base64')).decrypt(sealed, 'c')).toBe('secret');
    await expect(stat(path.join(dataDir, 'secret.key'))).rejects.toThrow();
  });

  it('generates DATA_DIR/secret.key once, mode 0600, and reuses it on the next start', async () => {
    const warnings: string[] = [];
    const first = await loadSecrets(config(), (m) => warnings.push(m));
    const file = path.join(dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    expect(warnings).toHaveLength(1);
    const sealed = first.encrypt('secret', 'c');
    const second = await loadSecrets(config(), (m) => warnings.push(m));
    expect(second.decrypt(sealed, 'c')).toBe('secret');
    expect(warnings).toHaveLength(1);
  });

  it('refuses a key file that does not hold a 32-byte key', async () => {
    await writeFile(path.join(dataDir, 'secret.key'), 'c2hvcnQ=\n', { mode: 0o600 });
    await expect(loadSecrets(config(), noWarn)).rejects.toThrow(SecretKeyError);
  });

  it('stops at start on a SECRET_KEY that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ SECRET_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
    expect(loadConfig({ SECRET_KEY: '' }).secretKey).toBeUndefined();
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ SECRET_KEY: key }).secretKey).toBe(key);
  });
});
