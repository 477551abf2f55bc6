// Pure checks of withdrawal destinations: bank card numbers (Luhn), TRON addresses (base58check) and
// Ethereum addresses (hex, EIP-55 checksum when mixed case). Each answers a result, never throws.
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

export type CardCheck = { ok: true; digits: string } | { ok: false };

/** Spaces and hyphens between digit groups are dropped; what is left must be 12–19 digits passing Luhn. */
export function checkCardNumber(input: string): CardCheck {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false };
  return { ok: true, digits };
}

export function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (d < 0 || d > 9) return false;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58Values = new Map([...base58Alphabet].map((c, i) => [c, BigInt(i)]));

/** Bitcoin-style base58 (leading '1's are leading zero bytes); undefined for a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > 128) return undefined;
  let value = 0n;
  for (const c of text) {
    const digit = base58Values.get(c);
    if (digit === undefined) return undefined;
    value = value * 58n + digit;
  }
  const body: number[] = [];
  for (; value > 0n; value >>= 8n) body.push(Number(value & 0xffn));
  const zeros = /^1*/.exec(text)?.[0].length ?? 0;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body.reverse()]);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** Mainnet TRON address: base58check of 0x41 + 20 bytes, checksum = first 4 bytes of SHA-256(SHA-256(payload)). */
export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const raw = base58Decode(text);
  if (!raw || raw.length !== 25 || raw[0] !== 0x41) return false;
  const payload = raw.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.from(raw.subarray(21)).equals(checksum);
}

export type EthAddressCheck = 'valid' | 'invalid' | 'badChecksum';

/**
 * `0x` + 40 hex digits. All lower or all upper case carries no checksum; mixed case must match EIP-55:
 * a letter is upper case exactly when the matching nibble of keccak-256(lower-case hex) is 8 or more.
 */
export function checkEthAddress(text: string): EthAddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return 'invalid';
  const hex = text.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return 'valid';
  return hex === eip55(hex) ? 'valid' : 'badChecksum';
}

/** The EIP-55 spelling of 40 hex digits (without `0x`). */
export function eip55(hex: string): string {
  const lower = hex.toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}
