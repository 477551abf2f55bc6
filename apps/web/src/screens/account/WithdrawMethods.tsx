// Withdrawal methods: the saved bank cards (masked, last four digits) and USDT addresses to choose from, and
// the form that adds one; the server's checks (Luhn, address checksums) come back as field messages. Adding
// one needs the login password, and it is usable only after the cool-down (issue 25's allowlist): until then
// it shows from when and cannot be chosen. Removing is at once.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  codes,
  type SaveWithdrawalMethodBody,
  type WithdrawalMethod,
  type WithdrawalNetwork,
} from '@tradewind/contract';
import { ApiError } from '../../api/client.ts';
import { useParam } from '../../api/content.ts';
import { useRemoveWithdrawalMethod, useSaveWithdrawalMethod } from '../../api/wallet.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { ErrorNote, Field } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { Dialog } from '../../ui/wallet/parts.tsx';
import { serverErrors } from '../auth/parts.tsx';
import { shortened } from './lists.tsx';
import { otpOf, SecondFactorField, useSecondFactorOn } from './security/SecondFactorField.tsx';
import './allowlist.css';

const networks: readonly WithdrawalNetwork[] = ['TRC20', 'ERC20'];
const fieldNames = ['bankName', 'holderName', 'cardNumber', 'network', 'address', 'password', 'otp'] as const;
/** Step-up refusals are said at their field: the password's (10036, 10143) and the second factor's (10113, 10165). */
const stepUpCodes = {
  [codes.enterLoginPassword]: 'password',
  [codes.passwordIncorrect]: 'password',
  [codes.totpRequired]: 'otp',
  [codes.secondFactorInvalid]: 'otp',
} as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string> & { type: 'bank' | 'usdt' };
const emptyValues: Values = {
  type: 'usdt',
  bankName: '',
  holderName: '',
  cardNumber: '',
  network: 'TRC20',
  address: '',
  password: '',
  otp: '',
};

/** Whether a withdrawal may go to `method` now, by this device's clock (the server has the last word: 10163). */
export const usableNow = (method: WithdrawalMethod): boolean => method.usableAt <= Date.now();

/** "Usable from …" in the reader's language and time zone. */
export function useUsableFrom() {
  const { t } = useTranslation('wallet');
  return (method: WithdrawalMethod) =>
    t('withdraw.usableFrom', { time: formatDateTime(method.usableAt, currentLocale()) });
}

export function MethodChoices({
  methods,
  selectedId,
  onSelect,
  onRemove,
}: {
  methods: readonly WithdrawalMethod[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRemove: (method: WithdrawalMethod) => void;
}) {
  const { t } = useTranslation('wallet');
  const usableFrom = useUsableFrom();
  return (
    <div className="choices choices-wide" role="radiogroup" aria-label={t('withdraw.methods')}>
      {methods.map((method) => {
        const on = method.id === selectedId;
        const cooling = !usableNow(method);
        return (
          <div key={method.id} className="method-item" data-testid="withdraw-method">
            <button
              type="button"
              role="radio"
              aria-checked={on}
              aria-disabled={cooling}
              className={on ? 'choice choice-on' : cooling ? 'choice choice-cooling' : 'choice'}
              onClick={() => {
                if (!cooling) onSelect(method.id);
              }}
            >
              <span className="choice-title">
                {method.type === 'bank' ? t('withdraw.bankCard') : t('withdraw.usdtAddress')}
              </span>
              {method.type === 'bank' ? (
                <span className="muted small">
                  {method.bankName} · <bdi className="num">{method.cardMasked}</bdi>
                  <br />
                  {method.holderName}
                </span>
              ) : (
                <span className="muted small">
                  {method.network} ·{' '}
                  <bdi className="ltr" title={method.address}>
                    {shortened(method.address ?? '')}
                  </bdi>
                </span>
              )}
              {cooling && (
                <span className="method-cooling small" data-testid="method-usable-from">
                  {usableFrom(method)}
                </span>
              )}
            </button>
            <button
              type="button"
              className="btn btn-text btn-small method-remove"
              onClick={() => onRemove(method)}
            >
              {t('withdraw.removeMethod')}
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** Asks before removing: the removal is at once, and adding the method again starts a new cool-down. */
export function RemoveMethodDialog({
  method,
  onClose,
}: {
  method: WithdrawalMethod | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const remove = useRemoveWithdrawalMethod();
  const hours = useParam('withdraw_method_cooldown_h').data ?? null;
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog open={method !== null} title={t('withdraw.removeTitle')} onClose={close}>
      <div className="form">
        <p>
          <bdi>{method?.label}</bdi>
        </p>
        <p className="muted">
          {hours !== null && hours !== '0'
            ? t('withdraw.removeText', { hours: Number(hours) })
            : t('withdraw.removeTextNoWait')}
        </p>
        {error && <ErrorNote message={error} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={remove.isPending || method === null}
            onClick={() => {
              if (!method) return;
              remove.mutate(method.id, {
                onSuccess: () => {
                  toast(t('withdraw.methodRemoved'), 'success');
                  close();
                },
                onError: (err) => setError(err.message),
              });
            }}
          >
            {remove.isPending ? t('common.working') : t('withdraw.remove')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function bodyOf(v: Values): SaveWithdrawalMethodBody {
  return v.type === 'bank'
    ? {
        type: 'bank',
        bankName: v.bankName.trim(),
        holderName: v.holderName.trim(),
        cardNumber: v.cardNumber.trim(),
        password: v.password,
        otp: otpOf(v.otp),
      }
    : {
        type: 'usdt',
        network: v.network === 'ERC20' ? 'ERC20' : 'TRC20',
        address: v.address.trim(),
        password: v.password,
        otp: otpOf(v.otp),
      };
}

function missing(
  v: Values,
  messages: { required: string; address: string; password: string; otp: string | null },
): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const names: readonly FieldName[] =
    v.type === 'bank' ? ['bankName', 'holderName', 'cardNumber'] : ['address'];
  for (const name of names) {
    if (v[name].trim() === '') errors[name] = name === 'address' ? messages.address : messages.required;
  }
  if (v.password === '') errors.password = messages.password;
  if (messages.otp !== null && v.otp.trim() === '') errors.otp = messages.otp;
  return errors;
}

type FieldsProps = {
  values: Values;
  errors: Partial<Record<FieldName, string>>;
  set: (name: FieldName) => (event: { target: { value: string } }) => void;
};

function BankFields({ values, errors, set }: FieldsProps) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <Field
        label={t('withdraw.bankName')}
        name="bankName"
        autoComplete="off"
        value={values.bankName}
        onChange={set('bankName')}
        error={errors.bankName}
        maxLength={100}
      />
      <Field
        label={t('withdraw.holderName')}
        name="holderName"
        autoComplete="cc-name"
        value={values.holderName}
        onChange={set('holderName')}
        error={errors.holderName}
        maxLength={100}
      />
      <Field
        label={t('withdraw.cardNumber')}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        dir="ltr"
        value={values.cardNumber}
        onChange={set('cardNumber')}
        error={errors.cardNumber}
        maxLength={40}
      />
    </>
  );
}

function UsdtFields({ values, errors, set }: FieldsProps) {
  const { t } = useTranslation('wallet');
  const networkId = useId();
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={networkId}>
          {t('withdraw.network')}
        </label>
        <select id={networkId} className="input" value={values.network} onChange={set('network')}>
          {networks.map((network) => (
            <option key={network} value={network}>
              USDT · {network}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('withdraw.address')}
        name="address"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={values.address}
        onChange={set('address')}
        error={errors.address}
        hint={t('withdraw.addressHint', { network: values.network })}
        maxLength={100}
      />
    </>
  );
}

export function AddMethodDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (method: WithdrawalMethod) => void;
}) {
  const { t } = useTranslation('wallet');
  const save = useSaveWithdrawalMethod();
  const usableFrom = useUsableFrom();
  const hours = useParam('withdraw_method_cooldown_h').data ?? null;
  const secondFactor = useSecondFactorOn();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const close = () => {
    setValues(emptyValues);
    setErrors({});
    setFormError(null);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = missing(values, {
      required: t('common.errors.required'),
      address: t('withdraw.errors.enterAddress'),
      password: t('withdraw.errors.enterPassword'),
      otp: secondFactor.on ? t('twoFactor.enterCode', { ns: 'security' }) : null,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(bodyOf(values), {
      onSuccess: (method) => {
        toast(usableNow(method) ? t('withdraw.methodSaved') : usableFrom(method), 'success');
        onSaved(method);
        close();
      },
      onError: (error) => {
        const mapped = serverErrors(error, fieldNames, stepUpCodes);
        // Two-factor was turned on elsewhere since its status was read: show the code field.
        if (error instanceof ApiError && error.code === codes.totpRequired) secondFactor.refresh();
        setValues((v) => ({ ...v, otp: '' }));
        setErrors(mapped.fieldErrors);
        setFormError(mapped.formError);
      },
    });
  };

  return (
    <Dialog open={open} title={t('withdraw.addMethod')} onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="segmented" role="radiogroup" aria-label={t('withdraw.methodType')}>
          {(['usdt', 'bank'] as const).map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={values.type === type}
              className={values.type === type ? 'seg seg-on' : 'seg'}
              onClick={() => {
                setValues((v) => ({ ...v, type }));
                setErrors({});
              }}
            >
              {type === 'bank' ? t('withdraw.bankCard') : t('withdraw.usdtAddress')}
            </button>
          ))}
        </div>
        {values.type === 'bank' ? (
          <BankFields values={values} errors={errors} set={set} />
        ) : (
          <UsdtFields values={values} errors={errors} set={set} />
        )}
        <Field
          label={t('withdraw.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          maxLength={128}
        />
        <SecondFactorField
          value={values.otp}
          onChange={(otp) => set('otp')({ target: { value: otp } })}
          error={errors.otp}
        />
        {hours !== null && hours !== '0' && (
          <p className="muted small" data-testid="method-cooldown-note">
            {t('withdraw.cooldownNote', { hours: Number(hours) })}
          </p>
        )}
        {formError && <ErrorNote message={formError} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.working') : t('withdraw.saveMethod')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
