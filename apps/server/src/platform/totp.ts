// Two-factor for staff and customers: TOTP (RFC 6238, SHA-1, 6 digits, 30-s steps — what every authenticator app reads)
// through `otpauth`, and the one-time recovery codes that stand in for a lost phone.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const totpPeriodMs = 30_000;
const issuer = 'Tradewind';

/** 160 random bits in base32, as RFC 4226 recommends for SHA-1. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, userName: string): TOTP {
  return new TOTP({
    issuer,
    label: userName,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodMs / 1000,
    secret: Secret.fromBase32(secret),
  });
}

/** `otpauth://totp/Tradewind:<userName>?issuer=Tradewind&secret=…`: the apps draw it as a QR code. */
export function otpauthUrl(secret: string, userName: string): string {
  return totp(secret, userName).toString();
}

/**
 * The 30-s step `code` belongs to, when it is the code of the step at `now` or of the one before or after
 * (clock drift of a phone); otherwise null. The caller accepts it only above the last accepted step.
 */
export function stepOfCode(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / totpPeriodMs) + delta;
}

/** The code of `secret` at `at` (tests and tools; the server only checks codes). */
export function totpCode(secret: string, at: number): string {
  return totp(secret, '').generate({ timestamp: at });
}

// Recovery codes: 10 characters of Crockford's base32 (no i, l, o, u), 50 bits each, written `xxxxx-xxxxx`.
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
export const recoveryCodeCount = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code in its stored form (lower case, no dash or spaces), or null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '');
  return code.length === 10 && [...code].every((c) => alphabet.includes(c)) ? code : null;
}
