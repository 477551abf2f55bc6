// Fields encrypted at rest (bank card numbers): AES-256-GCM under one master key, from SECRET_KEY or, when
// that is unset, generated once into DATA_DIR/secret.key (mode 0600). Losing the key loses those fields.
// Rotation: with SECRET_KEY_PREVIOUS set to the old key, values sealed under it still open, lookups match
// either key's fingerprint, and `npm run rotate-secrets` re-seals everything under SECRET_KEY.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

export type Secrets = {
  /** Seals `plain`; `context` (e.g. the owner) is authenticated too, so a sealed value cannot be moved. */
  encrypt: (plain: string, context: string) => string;
  /** Opens what `encrypt` sealed under the same context; throws when the value or context was altered. */
  decrypt: (sealed: string, context: string) => string;
  /** A keyed hash for finding equal values without decrypting them; not reversible without the key. */
  fingerprint: (value: string) => string;
  /** The fingerprint under every key in use, current first: during a rotation a row may carry either. */
  fingerprints: (value: string) => string[];
  /** Whether `sealed` opens under the current key (false: sealed under the previous one, to re-seal). */
  sealedUnderCurrent: (sealed: string, context: string) => boolean;
};

const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
const version = 'v1';

export class SecretKeyError extends Error {}

/** Separate keys for separate jobs, derived from the one master key. */
function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `tradewind/${purpose}`, keyBytes));
}

/** The current key's seal; with `previous`, values sealed under the old key open too (a rotation). */
export function secretsFromKey(master: Buffer, previous?: Buffer): Secrets {
  const current = keyring(master);
  const old = previous ? keyring(previous) : undefined;
  return {
    encrypt: current.encrypt,
    decrypt: (sealed, context) => {
      try {
        return current.decrypt(sealed, context);
      } catch (err) {
        if (!old) throw err;
        return old.decrypt(sealed, context);
      }
    },
    fingerprint: current.fingerprint,
    fingerprints: (value) => [current.fingerprint(value), ...(old ? [old.fingerprint(value)] : [])],
    sealedUnderCurrent: (sealed, context) => {
      try {
        current.decrypt(sealed, context);
        return true;
      } catch {
        return false;
      }
    },
  };
}

type Keyring = Pick<Secrets, 'encrypt' | 'decrypt' | 'fingerprint'>;

function keyring(master: Buffer): Keyring {
  if (master.length !== keyBytes) throw new SecretKeyError(`the secret key must be ${keyBytes} bytes`);
  const sealKey = derive(master, 'aes-256-gcm/v1');
  const macKey = derive(master, 'fingerprint/v1');
  return {
    encrypt: (plain, context) => {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv, { authTagLength: tagBytes });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [version, ...parts].join('.');
    },
    decrypt: (sealed, context) => {
      const [v, iv, tag, body, ...rest] = sealed.split('.');
      if (v !== version || iv === undefined || tag === undefined || body === undefined || rest.length > 0) {
        throw new SecretKeyError('not a sealed value of this format');
      }
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'), {
        authTagLength: tagBytes,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    fingerprint: (value) => createHmac('sha256', macKey).update(value, 'utf8').digest('base64url'),
  };
}

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]+=*$/.test(trimmed) || key.length !== keyBytes) {
    throw new SecretKeyError(`${source}: not a ${keyBytes}-byte key in base64`);
  }
  return key;
}

/** The key file's key; on first start a new one is written. Two processes racing both end up with the winner's. */
async function keyFromFile(dataDir: string, warn: (message: string) => void): Promise<Buffer> {
  const file = path.join(dataDir, 'secret.key');
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${randomBytes(keyBytes).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    warn(`generated a secret key in ${file}; back it up: encrypted fields cannot be read without it`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const mode = (await stat(file)).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    await chmod(file, 0o600);
    warn(`${file} was readable by others (mode ${mode.toString(8)}); narrowed to 0600`);
  }
  return decodeKey(await readFile(file, 'utf8'), file);
}

export async function loadSecrets(
  config: Pick<Config, 'secretKey' | 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'secretKeyPrevious'>>,
  warn: (message: string) => void,
): Promise<Secrets> {
  if (config.secretKey) {
    const previous = config.secretKeyPrevious
      ? decodeKey(config.secretKeyPrevious, 'SECRET_KEY_PREVIOUS')
      : undefined;
    if (previous)
      warn('SECRET_KEY_PREVIOUS is set: run `npm run rotate-secrets`, then remove it from every node');
    return secretsFromKey(decodeKey(config.secretKey, 'SECRET_KEY'), previous);
  }
  // Nodes sharing one PostgreSQL must share the key too; a per-node file only works where DATA_DIR is shared.
  if (config.databaseUrl)
    warn('SECRET_KEY is not set: using DATA_DIR/secret.key; every node needs the same key');
  return secretsFromKey(await keyFromFile(config.dataDir, warn));
}
