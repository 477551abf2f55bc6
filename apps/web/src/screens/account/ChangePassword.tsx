// Change password: current password, new password twice; other sessions end (CONTRACT.md repassword). A wrong
// current password (10143) is said at that field and stays there until it is changed.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { useChangePassword } from '../../api/user.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { useFieldErrors } from '../../ui/fieldErrors.ts';
import { ErrorNote, Field, Page } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import { usePasswordVerdict } from '../../ui/passwordStrength.ts';
import { useSession } from '../../app/session.ts';
import { checkConfirm, checkNewPassword, dropEmpty } from '../auth/validation.ts';
import {
  isSecondFactorRefusal,
  otpOf,
  SecondFactorField,
  useSecondFactorOn,
} from './security/SecondFactorField.tsx';
import { ApiError } from '../../api/client.ts';

type Values = { oldPassword: string; password: string; confirm: string };

const fieldNames = ['oldPassword', 'password', 'confirm', 'otp'] as const;
/** Refusals about one field: a wrong or missing current password, a missing or wrong second factor. */
const codeFields = {
  [codes.passwordIncorrect]: 'oldPassword',
  [codes.enterLoginPassword]: 'oldPassword',
  [codes.totpRequired]: 'otp',
  [codes.secondFactorInvalid]: 'otp',
} as const;

export default function ChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [values, setValues] = useState<Values>({ oldPassword: '', password: '', confirm: '' });
  const [otp, setOtp] = useState('');
  const secondFactor = useSecondFactorOn();
  const { user } = useSession();
  const verdict = usePasswordVerdict(values.password, { userName: user?.userName, email: user?.email });
  const form = useFieldErrors(fieldNames, codeFields);
  const { errors, formError } = form;

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    form.changed(name);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = dropEmpty<(typeof fieldNames)[number]>({
      oldPassword: values.oldPassword === '' ? t('validation.enterPassword') : undefined,
      password: checkNewPassword(t, values.password, verdict),
      confirm: checkConfirm(t, values.password, values.confirm),
      otp: secondFactor.on && otp.trim() === '' ? t('twoFactor.enterCode', { ns: 'security' }) : undefined,
    });
    if (!form.check(found)) return;
    change.mutate(
      { oldPassword: values.oldPassword, password: values.password, otp: otpOf(otp) },
      {
        // Say what happened (the server's answer is a bare "Operation successful"): it also ended the
        // other sessions (auth/service.ts changePassword).
        onSuccess: () => {
          toast(t('password.done'), 'success');
          navigate('/profile', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === codes.totpRequired) secondFactor.refresh();
          if (isSecondFactorRefusal(error)) setOtp('');
          form.refused(error);
        },
      },
    );
  };

  return (
    <Page title={t('titles.changePassword')} intro={t('password.intro')} narrow>
      <RequireLogin>
        <form className="card form" onSubmit={onSubmit} noValidate ref={form.formRef}>
          <Field
            label={t('password.current')}
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={set('oldPassword')}
            error={errors.oldPassword}
            maxLength={128}
          />
          <Field
            label={t('auth.fields.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            hint={t('passwordStrength.hint', { ns: 'security' })}
            maxLength={128}
          />
          <PasswordMeter verdict={verdict} />
          <Field
            label={t('auth.fields.confirm')}
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            error={errors.confirm}
            maxLength={128}
          />
          <SecondFactorField
            value={otp}
            onChange={(value) => {
              setOtp(value);
              form.changed('otp');
            }}
            error={errors.otp}
          />
          {formError && <ErrorNote message={formError} />}
          <button type="submit" className="btn btn-primary btn-block" disabled={change.isPending}>
            {change.isPending ? t('common.pleaseWait') : t('password.submit')}
          </button>
        </form>
      </RequireLogin>
    </Page>
  );
}
