// Password hashing: argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum in @node-rs/argon2's types, which isolated modules cannot import; 2 = Argon2id.
const argon2id = 2;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash of a random string, verified against when the user does not exist, so timing says nothing. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}
