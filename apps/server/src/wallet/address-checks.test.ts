import { bech32, bech32m, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { checkDepositAddress, isBitcoinAddress } from './address-checks.ts';

const program20 = hex.decode('751e76e8199196d454941c45d1b3a323f1433bd6');
const segwit = (coder: typeof bech32, version: number, program: Uint8Array) =>
  coder.encode('bc', [version, ...coder.toWords(program)]);

// Vectors from BIP 173, BIP 350, EIP-55 and well-known mainnet addresses.
describe('deposit address checks', () => {
  it('accepts Bitcoin P2PKH, P2SH, segwit v0 (both lengths) and taproot addresses', () => {
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      segwit(bech32, 0, program20),
      segwit(bech32m, 1, new Uint8Array(32).fill(7)),
    ]) {
      expect(isBitcoinAddress(address), address).toBe(true);
    }
  });

  it('refuses a Bitcoin address with one character changed, testnet, mixed case and the wrong checksum kind', () => {
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', // base58check checksum broken
      '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', // testnet P2SH
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // bech32 checksum broken
      bech32.encode('tb', [0, ...bech32.toWords(program20)]), // testnet
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8F3T4', // mixed case
      segwit(bech32, 1, program20), // BIP 350: version 1 under the old bech32 checksum
      segwit(bech32m, 0, program20), // version 0 under bech32m
      segwit(bech32, 0, program20.subarray(0, 19)), // version 0 with a 19-byte program
      'CONFIGURE-IN-BACK-OFFICE-btc-bitcoin',
      '',
    ]) {
      expect(isBitcoinAddress(address), address).toBe(false);
    }
  });

  it('checks TRC20 addresses by base58check', () => {
    expect(checkDepositAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('valid');
    expect(checkDepositAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe('invalid');
    expect(checkDepositAddress('TRC20', 'CONFIGURE-IN-BACK-OFFICE-usdt-trc20')).toBe('invalid');
  });

  it('asks for the EIP-55 spelling of an Ethereum address and catches a typo in it', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    for (const network of ['ERC20', 'Ethereum'] as const) {
      expect(checkDepositAddress(network, good)).toBe('valid');
      // All caps can be the EIP-55 spelling too.
      expect(checkDepositAddress(network, '0x52908400098527886E0F7030069857D2E4169EE7')).toBe('valid');
      expect(checkDepositAddress(network, good.toLowerCase())).toBe('checksumRequired');
      expect(checkDepositAddress(network, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('badChecksum');
      expect(checkDepositAddress(network, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe('invalid');
    }
  });
});
