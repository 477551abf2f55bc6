// The second step of a sign-in once two-factor is on (issue 25): the server answered 10113 to the right
// password, or to a Google sign-in on a new device, so `send` posts the same sign-in again with a code from
// the authenticator app or a recovery code.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { useFieldErrors } from '../../ui/fieldErrors.ts';
import { ErrorNote } from '../../ui/kit.tsx';
import { OtpField } from '../account/security/SecondFactorField.tsx';

const fields = ['otp'] as const;

export function LoginSecondFactor({
  send,
  onSignedIn,
  onBack,
}: {
  /** The sign-in again with `otp`: settles when the session is open, rejects with the server's refusal. */
  send: (otp: string) => Promise<unknown>;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('security');
  const [pending, setPending] = useState(false);
  const [otp, setOtp] = useState('');
  const form = useFieldErrors(fields, { [codes.secondFactorInvalid]: 'otp', [codes.totpRequired]: 'otp' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = otp.trim();
    if (!form.check({ otp: typed === '' ? t('twoFactor.enterCode') : undefined })) return;
    setPending(true);
    send(typed).then(onSignedIn, (error: unknown) => {
      setPending(false);
      setOtp('');
      form.refused(error);
    });
  };

  return (
    <form
      className="form"
      onSubmit={onSubmit}
      noValidate
      ref={form.formRef}
      data-testid="login-second-factor"
    >
      <p>{t('twoFactor.loginStep')}</p>
      <OtpField
        autoFocus
        value={otp}
        onChange={(value) => {
          setOtp(value);
          form.changed('otp');
        }}
        error={form.errors.otp}
      />
      {form.formError && <ErrorNote message={form.formError} />}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t('common.pleaseWait', { ns: 'web' }) : t('twoFactor.verify')}
      </button>
      <button type="button" className="btn btn-ghost btn-block" onClick={onBack}>
        {t('twoFactor.back')}
      </button>
    </form>
  );
}
