// The second step of a sign-in once two-factor is on (issue 25): the server answered 10113 to the right
// password, so the same credentials go again with a code from the authenticator app or a recovery code.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { useLogin } from '../../api/auth.ts';
import { useFieldErrors } from '../../ui/fieldErrors.ts';
import { ErrorNote } from '../../ui/kit.tsx';
import { OtpField } from '../account/security/SecondFactorField.tsx';

const fields = ['otp'] as const;

export function LoginSecondFactor({
  userName,
  password,
  onSignedIn,
  onBack,
}: {
  userName: string;
  password: string;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('security');
  const login = useLogin();
  const [otp, setOtp] = useState('');
  const form = useFieldErrors(fields, { [codes.secondFactorInvalid]: 'otp', [codes.totpRequired]: 'otp' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = otp.trim();
    if (!form.check({ otp: typed === '' ? t('twoFactor.enterCode') : undefined })) return;
    login.mutate(
      { userName, password, otp: typed },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          setOtp('');
          form.refused(error);
        },
      },
    );
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
      <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
        {login.isPending ? t('common.pleaseWait', { ns: 'web' }) : t('twoFactor.verify')}
      </button>
      <button type="button" className="btn btn-ghost btn-block" onClick={onBack}>
        {t('twoFactor.back')}
      </button>
    </form>
  );
}
