// Passkeys on the security page (issue 25): the customer's passkeys with when each was added and last used,
// adding one (a name, the password and, with two-factor on, a code; then the browser's own prompt) and removing
// one with the password. A passkey signs in without a password and counts as both factors.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { PasskeyView } from '@tradewind/contract';
import { ApiError } from '../../../api/client.ts';
import { passkeyErrorMessage, useAddPasskey, usePasskeys, useRemovePasskey } from '../../../api/passkeys.ts';
import { currentLocale } from '../../../i18n/i18n.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useFieldErrors } from '../../../ui/fieldErrors.ts';
import { Card, EmptyState, ErrorNote, Field, Spinner } from '../../../ui/kit.tsx';
import { toast } from '../../../ui/toast.tsx';
import { isSecondFactorRefusal, otpOf, SecondFactorField, useSecondFactorOn } from './SecondFactorField.tsx';
import './passkeys.css';

export function PasskeysSection() {
  const { t } = useTranslation('security');
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const supported = browserSupportsWebAuthn();
  return (
    <Card title={t('passkeys.title')} className="passkeys">
      <p className="muted">{t('passkeys.intro')}</p>
      {passkeys.isPending ? (
        <Spinner />
      ) : passkeys.isError ? (
        <div className="passkeys-state">
          <ErrorNote message={passkeys.error.message} />
          <button type="button" className="btn btn-secondary" onClick={() => void passkeys.refetch()}>
            {t('passkeys.retry')}
          </button>
        </div>
      ) : passkeys.data.length === 0 ? (
        <EmptyState title={t('passkeys.none')} text={t('passkeys.noneText')} />
      ) : (
        <ul className="security-list" data-testid="security-list">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {!supported ? (
        <p className="note note-warn">{t('passkeys.unsupported')}</p>
      ) : adding ? (
        <AddPasskey onClose={() => setAdding(false)} />
      ) : (
        <div className="row-actions">
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </button>
        </div>
      )}
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const { t } = useTranslation('security');
  const locale = currentLocale();
  const [removing, setRemoving] = useState(false);
  return (
    <li className="security-row" data-testid="passkey-row">
      <div className="security-row-head">
        <div className="security-row-text">
          <strong className="passkeys-name">{passkey.name}</strong>
          <span className="muted small">
            {t('passkeys.added', { date: formatDate(passkey.createdAt, locale) })}
            {' · '}
            {passkey.lastUsedAt === null
              ? t('passkeys.neverUsed')
              : t('passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt, locale) })}
          </span>
        </div>
        {!removing && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setRemoving(true)}>
            {t('passkeys.remove')}
          </button>
        )}
      </div>
      {removing && <RemovePasskey passkey={passkey} onClose={() => setRemoving(false)} />}
    </li>
  );
}

function PasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('security');
  return (
    <Field
      label={t('auth.fields.password', { ns: 'web' })}
      name="password"
      type="password"
      autoComplete="current-password"
      value={value}
      maxLength={128}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** Cancel and the form's submit, which says it is working while the call runs. */
function FormActions({
  onCancel,
  pending,
  submit,
}: {
  onCancel: () => void;
  pending: boolean;
  submit: string;
}) {
  const { t } = useTranslation('security');
  return (
    <div className="row-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        {t('passkeys.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? t('common.pleaseWait', { ns: 'web' }) : submit}
      </button>
    </div>
  );
}

const addFields = ['name', 'password', 'otp'] as const;

function AddPasskey({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('security');
  const add = useAddPasskey();
  const factor = useSecondFactorOn();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const form = useFieldErrors(addFields, { '10143': 'password', '10113': 'otp', '10165': 'otp' });
  /** A field's new value, and its messages go. */
  const edit = (name: (typeof addFields)[number], set: (value: string) => void) => (value: string) => {
    set(value);
    form.changed(name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check({ password: password === '' ? t('validation.enterPassword', { ns: 'web' }) : undefined }))
      return;
    add.mutate(
      { name, password, otp: otpOf(otp) },
      {
        onSuccess: () => {
          toast(t('passkeys.addedToast'), 'success');
          onClose();
        },
        onError: (error) => {
          if (isSecondFactorRefusal(error)) {
            setOtp('');
            factor.refresh();
          }
          if (error instanceof ApiError) form.refused(error);
          else form.refused(new Error(passkeyErrorMessage(error, t('passkeys.browserRefused'))));
        },
      },
    );
  };

  return (
    <form
      className="form passkeys-form"
      onSubmit={submit}
      noValidate
      ref={form.formRef}
      data-testid="passkey-add"
    >
      <Field
        label={t('passkeys.nameLabel')}
        name="name"
        value={name}
        maxLength={64}
        hint={t('passkeys.nameHint')}
        onChange={(event) => edit('name', setName)(event.target.value)}
        error={form.errors.name}
      />
      <PasswordField value={password} onChange={edit('password', setPassword)} error={form.errors.password} />
      <SecondFactorField value={otp} onChange={edit('otp', setOtp)} error={form.errors.otp} />
      {form.formError && <ErrorNote message={form.formError} />}
      <FormActions onCancel={onClose} pending={add.isPending} submit={t('passkeys.create')} />
    </form>
  );
}

function RemovePasskey({ passkey, onClose }: { passkey: PasskeyView; onClose: () => void }) {
  const { t } = useTranslation('security');
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const form = useFieldErrors(['password'] as const, { '10143': 'password' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check({ password: password === '' ? t('validation.enterPassword', { ns: 'web' }) : undefined }))
      return;
    remove.mutate(
      { id: passkey.id, password },
      {
        onSuccess: () => toast(t('passkeys.removedToast', { name: passkey.name }), 'success'),
        onError: (error) => form.refused(error),
      },
    );
  };

  return (
    <form
      className="form passkeys-form"
      onSubmit={submit}
      noValidate
      ref={form.formRef}
      data-testid="passkey-remove"
    >
      <p className="note note-warn">{t('passkeys.removeWarning', { name: passkey.name })}</p>
      <PasswordField
        value={password}
        onChange={(value) => {
          setPassword(value);
          form.changed('password');
        }}
        error={form.errors.password}
      />
      {form.formError && <ErrorNote message={form.formError} />}
      <FormActions onCancel={onClose} pending={remove.isPending} submit={t('passkeys.removeConfirm')} />
    </form>
  );
}
