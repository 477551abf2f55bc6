// Whether a deposit address can receive coins on its network: TRC20 base58check, Ethereum EIP-55 and
// Bitcoin bech32/bech32m (BIP 173/350) or base58check (P2PKH, P2SH). A channel is enabled only with an
// address that passes, so a customer is never shown an address that sends coins to nowhere. Pure.
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import type { DepositNetwork } from '@tradewind/contract';
import { checkEthAddress, eip55, isTronAddress } from './methods-checks.ts';

const base58check = createBase58check(sha256);

/**
 * `invalid`: not an address of the network; `badChecksum`: the checksum does not match (a typo);
 * `checksumRequired`: an Ethereum address in one case, which carries no checksum, so a typo would pass.
 */
export type AddressCheck = 'valid' | 'invalid' | 'badChecksum' | 'checksumRequired';

/** Mainnet version bytes: P2PKH addresses start with 1, P2SH with 3. */
const base58Versions = new Set([0x00, 0x05]);

function isBase58Bitcoin(text: string): boolean {
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{24,34}$/.test(text)) return false;
  try {
    const payload = base58check.decode(text);
    return payload.length === 21 && base58Versions.has(payload[0] ?? -1);
  } catch {
    return false;
  }
}

/**
 * A mainnet segwit address (`bc1…`): witness version 0 with bech32 and a 20- or 32-byte program, versions
 * 1–16 with bech32m and 2–40 bytes (BIP 350: a version-1 address under the old checksum is refused).
 */
function isSegwitBitcoin(text: string): boolean {
  if (!/^(bc1|BC1)/.test(text) || text.length > 90) return false;
  const v0 = bech32.decodeUnsafe(text, 90);
  const decoded = v0 ?? bech32m.decodeUnsafe(text, 90);
  if (!decoded || decoded.prefix !== 'bc') return false;
  const [version, ...rest] = decoded.words;
  if (version === undefined || version > 16) return false;
  if ((version === 0) !== Boolean(v0)) return false;
  const program = bech32.fromWordsUnsafe(rest);
  if (!program) return false;
  if (version === 0) return program.length === 20 || program.length === 32;
  return program.length >= 2 && program.length <= 40;
}

export function isBitcoinAddress(text: string): boolean {
  return isSegwitBitcoin(text) || isBase58Bitcoin(text);
}

export function checkDepositAddress(network: DepositNetwork, address: string): AddressCheck {
  switch (network) {
    case 'TRC20':
      return isTronAddress(address) ? 'valid' : 'invalid';
    case 'Bitcoin':
      return isBitcoinAddress(address) ? 'valid' : 'invalid';
    case 'ERC20':
    case 'Ethereum': {
      const check = checkEthAddress(address);
      if (check !== 'valid') return check;
      // checkEthAddress lets an address in one case through (it carries no checksum); a receiving address
      // must be its EIP-55 spelling, so that a typo in it is caught rather than sent coins.
      const hex = address.slice(2);
      return hex === eip55(hex) ? 'valid' : 'checksumRequired';
    }
  }
}
