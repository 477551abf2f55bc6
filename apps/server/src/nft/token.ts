// A piece's chain record as an operator enters it once the token is minted: an EVM contract address with its
// EIP-55 checksum, checked as a deposit address is (wallet/address-checks.ts), so a typo is refused rather
// than shown to bidders as where their piece lives; and a token id that fits a uint256.
import { codes, type NftChain, type NftToken } from '@tradewind/contract';
import { AppError, type FieldProblem } from '../platform/errors.ts';
import { checkDepositAddress, type AddressCheck } from '../wallet/address-checks.ts';

export type TokenRecord = { chain: NftChain | null; contractAddress: string | null; tokenId: string | null };

/** No chain record: a platform-issued collectible. */
export const noToken: TokenRecord = { chain: null, contractAddress: null, tokenId: null };

const uint256Max = (1n << 256n) - 1n;

const addressProblem: Record<Exclude<AddressCheck, 'valid'>, string> = {
  invalid: 'addressInvalid',
  badChecksum: 'addressChecksum',
  checksumRequired: 'addressChecksumRequired',
};

/** The record to store, or 400 naming `token.contractAddress` / `token.tokenId`. */
export function tokenRecord(token: NftToken): TokenRecord {
  const fields: Record<string, FieldProblem> = {};
  const address = checkDepositAddress('Ethereum', token.contractAddress);
  if (address !== 'valid')
    fields['token.contractAddress'] = { key: addressProblem[address], params: { network: token.chain } };
  if (!/^(0|[1-9]\d{0,77})$/.test(token.tokenId) || BigInt(token.tokenId) > uint256Max)
    fields['token.tokenId'] = { key: 'tokenId' };
  if (Object.keys(fields).length > 0) throw new AppError(codes.paramsEmpty, {}, fields);
  return { chain: token.chain, contractAddress: token.contractAddress, tokenId: token.tokenId };
}
