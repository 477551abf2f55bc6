// The chain record of a piece in the auction form: none (a platform-issued collectible, what customers are
// told) until the token is minted; then the chain, the contract address and the token id, all three. The
// form checks the shapes; the server checks the address's EIP-55 checksum and says so under the field.
import { useState } from 'react';
import { nftChains, type AdminNft, type NftChain, type NftToken } from '@tradewind/contract';
import { useT } from '../i18n/i18n.ts';

const addressShape = /^0x[0-9a-fA-F]{40}$/;
const tokenIdShape = /^(0|[1-9]\d{0,77})$/;
const isChain = (value: string): value is NftChain => (nftChains as readonly string[]).includes(value);

export function useTokenFields(nft: AdminNft | undefined) {
  const [chain, setChain] = useState<NftChain | ''>(nft?.chain ?? '');
  const [address, setAddress] = useState(nft?.contractAddress ?? '');
  const [tokenId, setTokenId] = useState(nft?.tokenId ?? '');
  const token: NftToken | null =
    chain === '' ? null : { chain, contractAddress: address.trim(), tokenId: tokenId.trim() };
  const problems = {
    address: token !== null && !addressShape.test(token.contractAddress),
    tokenId: token !== null && !tokenIdShape.test(token.tokenId),
  };
  /** Whether the record differs from the piece's as stored. */
  const changed =
    (token?.chain ?? null) !== (nft?.chain ?? null) ||
    (token?.contractAddress ?? null) !== (nft?.contractAddress ?? null) ||
    (token?.tokenId ?? null) !== (nft?.tokenId ?? null);
  return { chain, setChain, address, setAddress, tokenId, setTokenId, token, problems, changed };
}

export function NftTokenFields({
  id,
  state,
  disabled,
  show,
  serverField,
}: {
  id: string;
  state: ReturnType<typeof useTokenFields>;
  disabled: boolean;
  show: (problem: boolean) => boolean;
  serverField: (field: string) => string | undefined;
}) {
  const { t } = useT();
  const addressError =
    (show(state.problems.address) && t('nfts.addressShape')) || serverField('token.contractAddress');
  const tokenError = (show(state.problems.tokenId) && t('nfts.tokenIdShape')) || serverField('token.tokenId');
  return (
    <fieldset className="nft-token-fields" data-testid="nft-token-fields">
      <legend>{t('nfts.tokenTitle')}</legend>
      <div className="field">
        <label htmlFor={`${id}-chain`}>{t('nfts.chain')}</label>
        <select
          id={`${id}-chain`}
          disabled={disabled}
          value={state.chain}
          aria-describedby={`${id}-chain-hint`}
          onChange={(e) => state.setChain(isChain(e.target.value) ? e.target.value : '')}
        >
          <option value="">{t('nfts.platformIssued')}</option>
          {nftChains.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <p className="field-hint" id={`${id}-chain-hint`}>
          {t('nfts.tokenHint')}
        </p>
      </div>
      {state.chain !== '' && (
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-contract`}>{t('nfts.contractAddress')}</label>
            <input
              id={`${id}-contract`}
              disabled={disabled}
              dir="ltr"
              className="mono"
              value={state.address}
              maxLength={64}
              aria-invalid={Boolean(addressError) || undefined}
              onChange={(e) => state.setAddress(e.target.value)}
            />
            {addressError && <p className="field-error">{addressError}</p>}
          </div>
          <div className="field">
            <label htmlFor={`${id}-token`}>{t('nfts.tokenId')}</label>
            <input
              id={`${id}-token`}
              disabled={disabled}
              dir="ltr"
              inputMode="numeric"
              className="num"
              value={state.tokenId}
              maxLength={80}
              aria-invalid={Boolean(tokenError) || undefined}
              onChange={(e) => state.setTokenId(e.target.value)}
            />
            {tokenError && <p className="field-error">{tokenError}</p>}
          </div>
        </div>
      )}
    </fieldset>
  );
}
