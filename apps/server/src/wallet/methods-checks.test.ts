import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58Decode,
  checkCardNumber,
  checkEthAddress,
  eip55,
  isTronAddress,
  luhnValid,
} from './methods-checks.ts';

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** base58check of `payload`, written independently of the decoder under test. */
function base58check(payload: Buffer): string {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest();
  const raw = Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${raw.toString('hex')}`);
  let out = '';
  for (; n > 0n; n /= 58n) out = alphabet.charAt(Number(n % 58n)) + out;
  for (const byte of raw) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

describe('bank card numbers', () => {
  it('accepts Luhn-valid numbers of 12 to 19 digits, with spaces or hyphens between groups', () => {
    expect(checkCardNumber('4111 1111 1111 1111')).toEqual({ ok: true, digits: '4111111111111111' });
    expect(checkCardNumber('5555-5555-5555-4444')).toEqual({ ok: true, digits: '5555555555554444' });
    expect(checkCardNumber('378282246310005').ok).toBe(true); // 15 digits
    expect(checkCardNumber('6011000990139424').ok).toBe(true);
  });

  it('refuses a wrong check digit, letters, and lengths outside 12–19', () => {
    expect(checkCardNumber('4111111111111112').ok).toBe(false);
    expect(checkCardNumber('4111a11111111111').ok).toBe(false);
    expect(checkCardNumber('42424242426').ok).toBe(false); // 11 digits
    expect(checkCardNumber('41111111111111111113').ok).toBe(false); // 20 digits
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

describe('TRC20 addresses', () => {
  it('accepts real mainnet addresses', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true);
    expect(isTronAddress(base58check(Buffer.concat([Buffer.from([0x41]), Buffer.alloc(20, 7)])))).toBe(true);
  });

  it('refuses a changed character, a wrong version byte, a wrong length and non-base58 characters', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false);
    const version42 = base58check(Buffer.concat([Buffer.from([0x42]), Buffer.alloc(20, 1)]));
    expect(isTronAddress(version42)).toBe(false);
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false); // a bitcoin address
  });

  it('decodes leading ones as leading zero bytes', () => {
    expect(base58Decode('11')).toEqual(Uint8Array.from([0, 0]));
    expect(base58Decode('1z')).toEqual(Uint8Array.from([0, 57]));
    expect(base58Decode('0')).toBeUndefined();
  });
});

describe('ERC20 addresses', () => {
  it('accepts the EIP-55 test vectors and all-lower or all-upper spellings', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0xde709f2102306220921060314715629080e2fb77',
    ]) {
      expect(checkEthAddress(a)).toBe('valid');
    }
    expect(eip55('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
  });

  it('refuses a mixed-case spelling whose checksum does not match, and malformed text', () => {
    expect(checkEthAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('badChecksum');
    expect(checkEthAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe('invalid');
    expect(checkEthAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toBe('invalid');
    expect(checkEthAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg')).toBe('invalid');
  });
});
