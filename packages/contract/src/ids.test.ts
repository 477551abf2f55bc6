// The zod-free id check the front ends use gives the server's answer (`idString`) at every edge, so a route
// id the server would refuse with a 400 shows the screen's "not found" state instead.
import { describe, expect, it } from 'vitest';
import { idString } from './common.ts';
import { isIdString } from './wire.ts';

const cases: [label: string, text: string, valid: boolean][] = [
  ['2^53 − 1, the largest exact JS integer', '9007199254740991', true],
  ['2^53, one past it', '9007199254740992', false],
  ['2^53 + 1, which rounds to 2^53 as a number', '9007199254740993', false],
  ['the largest 16 digits', '9999999999999999', false],
  ['17 digits, even when small in value', '00000000000000001', false],
  ['17 digits', '12345678901234567', false],
  ['one digit', '1', true],
  ['zero', '0', true],
  ['leading zeros within 16 digits', '0000000000000042', true],
  ['empty', '', false],
  ['a sign', '-1', false],
  ['a plus sign', '+1', false],
  ['a decimal point', '1.0', false],
  ['an exponent', '1e3', false],
  ['spaces around', ' 12 ', false],
  ['a trailing newline', '12\n', false],
  ['hex', '0x10', false],
  ['non-ASCII digits', '١٢٣', false],
];

describe('isIdString', () => {
  it.each(cases)('%s (%j): valid is %s', (_label, text, valid) => {
    expect(isIdString(text)).toBe(valid);
  });

  it.each(cases)('agrees with the server schema idString on %s', (_label, text) => {
    expect(isIdString(text)).toBe(idString.safeParse(text).success);
  });
});
