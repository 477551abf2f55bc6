// Signed agreements on disk: DATA_DIR/loans/<random>.pdf (shared storage when scaled, like uploads), named
// on the loan row with their SHA-256, read back only through the owner's or an authorized admin's route.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../platform/config.ts';

const dirOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'loans');
const namePattern = /^[0-9a-f]{32}\.pdf$/;

export async function saveSignedAgreement(config: Pick<Config, 'dataDir'>, pdf: Uint8Array): Promise<string> {
  const dir = dirOf(config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.pdf`;
  await writeFile(path.join(dir, name), pdf, { mode: 0o600, flag: 'wx' });
  return name;
}

export async function readSignedAgreement(config: Pick<Config, 'dataDir'>, name: string): Promise<Buffer> {
  if (!namePattern.test(name)) throw new Error(`not a signed agreement name: ${name}`);
  return readFile(path.join(dirOf(config), name));
}

/** Removes a file whose loan was never written (the transaction failed). */
export async function discardSignedAgreement(config: Pick<Config, 'dataDir'>, name: string): Promise<void> {
  await unlink(path.join(dirOf(config), name)).catch(() => undefined);
}
