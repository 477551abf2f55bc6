// The identification form (CONTRACT.md identification): name, sex, birthdate, country, address, phone,
// document type and three photos. Client checks use the spec's messages; the server checks everything again
// (adult age, country code, image bytes) and its field messages are shown where they belong. The phone area
// code follows the chosen country until the customer picks one.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { countryCodes, kycDocTypes, kycSexes, type KycPhoto } from '@tradewind/contract';
import { useSubmitKyc, type KycFields } from '../../api/kyc.ts';
import { regionName } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useFieldErrors } from '../../ui/fieldErrors.ts';
import { ErrorNote, Field } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { cameraSupported } from '../../ui/wallet/images.ts';
import { PhotoField } from '../../ui/wallet/PhotoField.tsx';
import { AreaCodeSelect } from '../auth/AreaCodeSelect.tsx';
import { areaCodes, browserLanguages, defaultAreaCode } from '../auth/areaCodes.ts';
import { phonePattern } from '../auth/validation.ts';

const textFields = [
  'firstName',
  'lastName',
  'sex',
  'birthdate',
  'country',
  'address',
  'areaCode',
  'phone',
  'docType',
] as const satisfies readonly (keyof KycFields)[];
const photoSlots = ['front', 'back', 'selfie'] as const satisfies readonly KycPhoto[];
/** The selfie faces the user; the document sides face away. */
const facing = { front: 'environment', back: 'environment', selfie: 'user' } as const;
type ErrorKey = keyof KycFields | KycPhoto;
type Errors = Partial<Record<ErrorKey, string>>;
const errorKeys: readonly ErrorKey[] = [...textFields, ...photoSlots];

/** The area code of a country when the list has one ("FR" → "+33"). */
function areaCodeOf(country: string): string | undefined {
  return areaCodes.find(([, region]) => region === country)?.[0];
}

const emptyFields: KycFields = {
  firstName: '',
  lastName: '',
  sex: '',
  birthdate: '',
  country: '',
  address: '',
  areaCode: defaultAreaCode(browserLanguages()),
  phone: '',
  docType: 'id_card',
};

/** Today as YYYY-MM-DD in the user's time zone: the latest birthdate the picker offers. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function useCountries() {
  const locale = currentLocale();
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    return countryCodes
      .map((code) => ({ code, name: regionName(code, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
}

function SelectField({
  label,
  value,
  onChange,
  error,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
      >
        {children}
      </select>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function check(
  t: TFunction<'wallet'>,
  fields: KycFields,
  photos: Partial<Record<KycPhoto, File>>,
  phoneMessage: string,
): Errors {
  const errors: Errors = {};
  for (const name of textFields) if (fields[name].trim() === '') errors[name] = t('common.errors.required');
  if (!errors.phone && !phonePattern.test(fields.phone.trim())) errors.phone = phoneMessage;
  for (const slot of photoSlots) if (!photos[slot]) errors[slot] = t('images.required');
  return errors;
}

type Setter = (name: keyof KycFields) => (value: string) => void;
type SectionProps = { fields: KycFields; errors: Errors; set: Setter };
type Photos = Partial<Record<KycPhoto, File>>;

const inputOf = (set: Setter, name: keyof KycFields) => (event: { target: { value: string } }) =>
  set(name)(event.target.value);

function PhoneField({ fields, errors, set }: SectionProps) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const error = errors.phone ?? errors.areaCode;
  return (
    <div className={error ? 'field kyc-phone field-invalid' : 'field kyc-phone'}>
      <label className="field-label" htmlFor={`${id}-phone`}>
        {t('kyc.phone')}
      </label>
      <div className="field-row">
        <AreaCodeSelect id={id} value={fields.areaCode} onChange={inputOf(set, 'areaCode')} />
        <input
          id={`${id}-phone`}
          className="input"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          dir="ltr"
          value={fields.phone}
          onChange={inputOf(set, 'phone')}
          aria-invalid={errors.phone ? true : undefined}
          maxLength={15}
        />
      </div>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function PersonalFields({ fields, errors, set }: SectionProps) {
  const { t } = useTranslation('wallet');
  const countries = useCountries();
  const text = (name: 'firstName' | 'lastName' | 'address', autoComplete: string, maxLength: number) => (
    <Field
      label={t(`kyc.${name}`)}
      name={name}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={inputOf(set, name)}
      error={errors[name]}
      maxLength={maxLength}
    />
  );
  return (
    <div className="form-grid">
      {text('firstName', 'given-name', 64)}
      {text('lastName', 'family-name', 64)}
      <SelectField label={t('kyc.sex')} value={fields.sex} onChange={set('sex')} error={errors.sex}>
        <option value="">{t('kyc.choose')}</option>
        {kycSexes.map((sex) => (
          <option key={sex} value={sex}>
            {t(`kyc.sexes.${sex}`)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('kyc.birthdate')}
        name="birthdate"
        type="date"
        autoComplete="bday"
        max={today()}
        value={fields.birthdate}
        onChange={inputOf(set, 'birthdate')}
        error={errors.birthdate}
      />
      <SelectField
        label={t('kyc.country')}
        value={fields.country}
        onChange={set('country')}
        error={errors.country}
      >
        <option value="">{t('kyc.choose')}</option>
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      {text('address', 'street-address', 200)}
      <PhoneField fields={fields} errors={errors} set={set} />
    </div>
  );
}

function DocumentFields({
  fields,
  errors,
  set,
  photos,
  onPhoto,
}: SectionProps & { photos: Photos; onPhoto: (slot: KycPhoto, file: File | null) => void }) {
  const { t } = useTranslation('wallet');
  const camera = cameraSupported();
  return (
    <>
      <div className="choices choices-doc" role="radiogroup" aria-label={t('kyc.docType')}>
        {kycDocTypes.map((type) => (
          <button
            key={type}
            type="button"
            role="radio"
            aria-checked={fields.docType === type}
            className={fields.docType === type ? 'choice choice-on' : 'choice'}
            onClick={() => set('docType')(type)}
          >
            <span className="choice-title">{t(`kyc.docTypes.${type}`)}</span>
          </button>
        ))}
      </div>
      {!camera && (
        <p className="note note-warn" data-testid="camera-unsupported">
          {t('camera.unsupported')}
        </p>
      )}
      <div className="photo-grid">
        {photoSlots.map((slot) => (
          <PhotoField
            key={slot}
            label={t(`kyc.photos.${slot}`)}
            file={photos[slot] ?? null}
            onFile={(file) => onPhoto(slot, file)}
            error={errors[slot]}
            camera={camera ? facing[slot] : undefined}
            captureName={`${slot}.jpg`}
          />
        ))}
      </div>
    </>
  );
}

export function KycForm() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  const submit = useSubmitKyc();
  const [fields, setFields] = useState<KycFields>(emptyFields);
  const [photos, setPhotos] = useState<Photos>({});
  const form = useFieldErrors(errorKeys);
  const { errors, formError } = form;
  /** Set by the customer's own pick: from then on the country no longer moves the area code. */
  const [areaCodeChosen, setAreaCodeChosen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const phoneMessage = tw('validation.phoneFormat');
  // "Complete all the information" follows a refused submit and goes as soon as nothing is missing.
  const missing = attempted && Object.values(check(t, fields, photos, phoneMessage)).some(Boolean);

  const set: Setter = (name) => (value) => {
    setFields((f) => {
      const next = { ...f, [name]: value };
      const followed = name === 'country' && !areaCodeChosen ? areaCodeOf(value) : undefined;
      return followed ? { ...next, areaCode: followed } : next;
    });
    if (name === 'areaCode') setAreaCodeChosen(true);
    form.changed(name);
  };
  const onPhoto = (slot: KycPhoto, file: File | null) => {
    setPhotos((p) => ({ ...p, [slot]: file ?? undefined }));
    form.changed(slot);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const { front, back, selfie } = photos;
    if (!form.check(check(t, fields, photos, phoneMessage)) || !front || !back || !selfie) return;
    submit.mutate(
      { fields, photos: { front, back, selfie } },
      { onSuccess: (message) => toast(message, 'success'), onError: form.refused },
    );
  };

  return (
    <form className="card form" onSubmit={onSubmit} noValidate ref={form.formRef}>
      <h2 className="card-title">{t('kyc.personal')}</h2>
      <PersonalFields fields={fields} errors={errors} set={set} />
      <h2 className="card-title">{t('kyc.document')}</h2>
      <DocumentFields fields={fields} errors={errors} set={set} photos={photos} onPhoto={onPhoto} />
      <p className="fine-print">{t('kyc.privacy')}</p>
      {missing && <ErrorNote message={t('kyc.completeAll')} />}
      {formError && <ErrorNote message={formError} />}
      <button type="submit" className="btn btn-primary btn-block" disabled={submit.isPending}>
        {submit.isPending ? t('common.working') : t('kyc.submit')}
      </button>
    </form>
  );
}
