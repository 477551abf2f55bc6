// Back-office two-factor: what binds the shared TOTP and recovery-code primitives (platform/totp.ts) to a
// staff account.
import type { Secrets } from '../platform/secrets.ts';

/**
 * A recovery code at rest: an HMAC under the platform key, bound to the admin. 50 random bits need no slow
 * hash once the key is needed to test a guess; the table alone tells an attacker nothing.
 */
export function recoveryCodeHash(secrets: Secrets, adminId: number, normalized: string): string {
  return secrets.fingerprint(`admin-recovery:${adminId}:${normalized}`);
}

/** The sealing context of an admin's TOTP secret: a sealed secret cannot be moved to another admin. */
export const totpSealContext = (adminId: number) => `admin-totp:${adminId}`;
