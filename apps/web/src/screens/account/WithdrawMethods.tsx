// Withdrawal methods: the saved bank cards (masked, last four digits) and USDT addresses to choose from, and
// the form that adds one; the server's checks (Luhn, address checksums) come back as field messages.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveWithdrawalMethodBody, WithdrawalMethod, WithdrawalNetwork } from '@tradewind/contract';
import { useSaveWithdrawalMethod } from '../../api/wallet.ts';
import { ErrorNote, Field } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { Dialog } from '../../ui/wallet/parts.tsx';
import { serverErrors } from '../auth/parts.tsx';
import { shortened } from './lists.tsx';

const networks: readonly WithdrawalNetwork[] = ['TRC20', 'ERC20'];
const fieldNames = ['bankName', 'holderName', 'cardNumber', 'network', 'address'] as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string> & { type: 'bank' | 'usdt' };
const emptyValues: Values = {
  type: 'usdt',
  bankName: '',
  holderName: '',
  cardNumber: '',
  network: 'TRC20',
  address: '',
};

export function MethodChoices({
  methods,
  selectedId,
  onSelect,
}: {
  methods: readonly WithdrawalMethod[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <div className="choices choices-wide" role="radiogroup" aria-label={t('withdraw.methods')}>
      {methods.map((method) => {
        const on = method.id === selectedId;
        return (
          <button
            key={method.id}
            type="button"
            role="radio"
            aria-checked={on}
            className={on ? 'choice choice-on' : 'choice'}
            onClick={() => onSelect(method.id)}
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
          </button>
        );
      })}
    </div>
  );
}

function bodyOf(v: Values): SaveWithdrawalMethodBody {
  return v.type === 'bank'
    ? {
        type: 'bank',
        bankName: v.bankName.trim(),
        holderName: v.holderName.trim(),
        cardNumber: v.cardNumber.trim(),
      }
    : { type: 'usdt', network: v.network === 'ERC20' ? 'ERC20' : 'TRC20', address: v.address.trim() };
}

function missing(v: Values, required: string, addressMessage: string): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const names: readonly FieldName[] =
    v.type === 'bank' ? ['bankName', 'holderName', 'cardNumber'] : ['address'];
  for (const name of names) {
    if (v[name].trim() === '') errors[name] = name === 'address' ? addressMessage : required;
  }
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
    const found = missing(values, t('common.errors.required'), t('withdraw.errors.enterAddress'));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(bodyOf(values), {
      onSuccess: (method) => {
        toast(t('withdraw.methodSaved'), 'success');
        onSaved(method);
        close();
      },
      onError: (error) => {
        const mapped = serverErrors(error, fieldNames);
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
