// Creating an auction, or correcting one: the artwork (a PNG or JPEG file, sent as a data URL; the server
// re-encodes it), name, English description, creator and the token's chain record (none until it is minted:
// NftTokenFields.tsx); on creation also the start price, minimum
// increment and end. Prices and the end are never editable, and once a bid is in the artwork and texts are
// frozen too (the server refuses with 10131), so their fields are disabled.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { nftImageBytesMax, type AdminNft, type AdminNftEditBody } from '@tradewind/contract';
import { ApiError } from '../api/client.ts';
import { useCreateNft, useEditNft } from '../api/nfts.ts';
import { useT } from '../i18n/i18n.ts';
import { ErrorNote, Modal, Notice } from '../ui/kit.tsx';
import { parseUsdtAmount } from '../ui/money.ts';
import { NftTokenFields, useTokenFields } from './NftTokenFields.tsx';

const imageMb = nftImageBytesMax / (1024 * 1024);
const imageTypes = ['image/png', 'image/jpeg'];

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read'));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

/** The value of a datetime-local input as epoch ms in the operator's time zone; NaN when empty. */
const localEpochMs = (value: string) => (value ? new Date(value).getTime() : Number.NaN);
const isAmount = (text: string) => {
  const minor = parseUsdtAmount(text);
  return minor !== undefined && minor > 0n;
};

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | false | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

export function NftForm({
  nft,
  onClose,
  onSaved,
}: {
  /** The auction to edit; absent to create one. */
  nft?: AdminNft;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useT();
  const id = useId();
  const create = useCreateNft();
  const edit = useEditNft();
  const mutation = nft ? edit : create;
  const frozen = nft !== undefined && !nft.editable;
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [name, setName] = useState(nft?.name ?? '');
  const [description, setDescription] = useState(nft?.descriptions.en ?? nft?.description ?? '');
  const [creator, setCreator] = useState(nft?.creator ?? '');
  const token = useTokenFields(nft);
  const [startPrice, setStartPrice] = useState(nft?.startPrice ?? '');
  const [minIncrement, setMinIncrement] = useState(nft?.minIncrement ?? '');
  const [endAt, setEndAt] = useState('');
  const [touched, setTouched] = useState(false);
  const [unchanged, setUnchanged] = useState(false);

  const problems = {
    image: !nft && image === null,
    name: name.trim() === '',
    description: description.trim() === '',
    creator: creator.trim() === '',
    tokenAddress: token.problems.address,
    tokenId: token.problems.tokenId,
    startPrice: !nft && !isAmount(startPrice),
    minIncrement: !nft && !isAmount(minIncrement),
    endAt: !nft && !(localEpochMs(endAt) > Date.now()),
  };
  const show = (problem: boolean) => touched && problem;
  const serverField = (field: string) =>
    mutation.error instanceof ApiError ? mutation.error.fields[field] : undefined;

  const pickImage = async (file: File | undefined) => {
    setImageError(null);
    setImage(null);
    if (!file) return;
    if (!imageTypes.includes(file.type)) return setImageError(t('nfts.imageType'));
    if (file.size > nftImageBytesMax) return setImageError(t('nfts.imageTooLarge', { mb: imageMb }));
    setImage(await readDataUrl(file));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setUnchanged(false);
    if (Object.values(problems).some(Boolean) || imageError) return;
    const texts = {
      name: name.trim(),
      description: description.trim(),
      creator: creator.trim(),
    };
    if (!nft) {
      create.mutate(
        {
          ...texts,
          ...(token.token ? { token: token.token } : {}),
          image: image ?? '',
          startPrice: startPrice.trim(),
          minIncrement: minIncrement.trim(),
          endAt: localEpochMs(endAt),
        },
        { onSuccess: (answer) => onSaved(answer.result.name) },
      );
      return;
    }
    const changes: AdminNftEditBody = {};
    if (texts.name !== nft.name) changes.name = texts.name;
    if (texts.description !== (nft.descriptions.en ?? nft.description))
      changes.description = texts.description;
    if (texts.creator !== nft.creator) changes.creator = texts.creator;
    if (token.changed) changes.token = token.token;
    if (image !== null) changes.image = image;
    if (Object.keys(changes).length === 0) return setUnchanged(true);
    edit.mutate({ id: nft.id, changes }, { onSuccess: (answer) => onSaved(answer.result.name) });
  };

  return (
    <Modal title={nft ? t('nfts.editTitle', { name: nft.name }) : t('nfts.createTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate data-testid="nft-form">
        {frozen && <Notice tone="warn">{t('nfts.frozen')}</Notice>}
        <>
          <Field
            id={`${id}-image`}
            label={t('nfts.imageFile')}
            hint={nft ? t('nfts.imageKeep') : t('nfts.imageHint', { mb: imageMb })}
            error={imageError || (show(problems.image) && t('common.required')) || serverField('image')}
          >
            <input
              id={`${id}-image`}
              disabled={frozen}
              type="file"
              accept={imageTypes.join(',')}
              aria-describedby={`${id}-image-hint`}
              aria-invalid={Boolean(imageError) || show(problems.image) || undefined}
              onChange={(e) => void pickImage(e.target.files?.[0])}
            />
          </Field>
          {(image ?? nft?.image) && (
            <img className="nft-admin-preview" src={image ?? nft?.image} alt="" width={160} height={160} />
          )}
          <div className="form-row">
            <Field
              id={`${id}-name`}
              label={t('nfts.name')}
              error={show(problems.name) && t('common.required')}
            >
              <input
                id={`${id}-name`}
                disabled={frozen}
                value={name}
                maxLength={120}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <Field
              id={`${id}-creator`}
              label={t('nfts.creator')}
              error={show(problems.creator) && t('common.required')}
            >
              <input
                id={`${id}-creator`}
                disabled={frozen}
                value={creator}
                maxLength={120}
                onChange={(e) => setCreator(e.target.value)}
              />
            </Field>
          </div>
          <NftTokenFields id={id} state={token} disabled={frozen} show={show} serverField={serverField} />
          <Field
            id={`${id}-description`}
            label={t('nfts.description')}
            error={show(problems.description) && t('common.required')}
          >
            <textarea
              id={`${id}-description`}
              disabled={frozen}
              rows={3}
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
        </>
        <>
          {nft && <p className="field-hint">{t('nfts.pricesFixed')}</p>}
          <div className="form-row">
            <Field
              id={`${id}-start`}
              label={t('nfts.startPrice')}
              error={(show(problems.startPrice) && t('nfts.amountInvalid')) || serverField('startPrice')}
            >
              <input
                id={`${id}-start`}
                disabled={nft !== undefined}
                dir="ltr"
                inputMode="decimal"
                className="num"
                value={startPrice}
                maxLength={24}
                onChange={(e) => setStartPrice(e.target.value)}
              />
            </Field>
            <Field
              id={`${id}-increment`}
              label={t('nfts.minIncrement')}
              error={(show(problems.minIncrement) && t('nfts.amountInvalid')) || serverField('minIncrement')}
            >
              <input
                id={`${id}-increment`}
                disabled={nft !== undefined}
                dir="ltr"
                inputMode="decimal"
                className="num"
                value={minIncrement}
                maxLength={24}
                onChange={(e) => setMinIncrement(e.target.value)}
              />
            </Field>
          </div>
          {!nft && (
            <Field
              id={`${id}-end`}
              label={t('nfts.endDate')}
              error={(show(problems.endAt) && t('nfts.endInvalid')) || serverField('endAt')}
            >
              <input
                id={`${id}-end`}
                type="datetime-local"
                value={endAt}
                onChange={(e) => setEndAt(e.target.value)}
              />
            </Field>
          )}
        </>
        {unchanged && <Notice tone="warn">{t('nfts.noChanges')}</Notice>}
        {mutation.error ? <ErrorNote error={mutation.error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          {!frozen && (
            <button type="submit" className="button button-primary" disabled={mutation.isPending}>
              {nft ? t('nfts.save') : t('nfts.create')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
