// Password reset by a mailed code; every session of the user ends (CONTRACT.md "Auth").
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../../api/auth.ts';
import { ErrorNote, Field } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import { usePasswordVerdict } from '../../ui/passwordStrength.ts';
import { AuthFrame, PasswordToggle, SendCodeButton, serverErrors } from './parts.tsx';
import {
  checkCode,
  checkConfirm,
  checkEmail,
  checkNewPassword,
  dropEmpty,
  hasErrors,
  type FieldErrors,
} from './validation.ts';

type Values = { email: string; code: string; password: string; confirm: string };

export default function Reset() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ email: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // Only the e-mail is known here; the server also refuses the account's user name once the code is right.
  const verdict = usePasswordVerdict(values.password, { email: values.email });
  const reset = useResetPassword();

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = dropEmpty<keyof Values>({
      email: checkEmail(t, values.email),
      code: checkCode(t, values.code),
      password: checkNewPassword(t, values.password, verdict),
      confirm: checkConfirm(t, values.password, values.confirm),
    });
    setErrors(found);
    if (hasErrors(found)) return;
    reset.mutate(
      { email: values.email.trim(), code: values.code.trim(), password: values.password },
      {
        onSuccess: (message) => {
          toast(message || t('auth.reset.done'), 'success');
          navigate('/pass/login', { replace: true });
        },
        onError: (error) => {
          const mapped = serverErrors(error, ['email', 'code', 'password'] as const);
          setErrors(mapped.fieldErrors);
          setFormError(mapped.formError);
        },
      },
    );
  };

  return (
    <AuthFrame title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('auth.fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          maxLength={254}
        />
        <Field
          label={t('auth.fields.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={values.code}
          onChange={set('code')}
          error={errors.code}
          trailing={
            <SendCodeButton
              email={values.email}
              purpose="reset"
              onInvalidEmail={() => {
                const message = checkEmail(t, values.email, true);
                setErrors((e) => ({ ...e, email: message }));
                return message !== undefined;
              }}
            />
          }
        />
        <Field
          label={t('auth.fields.newPassword')}
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={t('passwordStrength.hint', { ns: 'security' })}
          maxLength={128}
          trailing={<PasswordToggle shown={showPassword} onToggle={() => setShowPassword((s) => !s)} />}
        />
        <PasswordMeter verdict={verdict} />
        <Field
          label={t('auth.fields.confirm')}
          name="confirm"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          maxLength={128}
        />
        {formError && <ErrorNote message={formError} />}
        <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
          {reset.isPending ? t('common.pleaseWait') : t('auth.reset.submit')}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/pass/login">{t('auth.reset.backToLogin')}</Link>
      </p>
    </AuthFrame>
  );
}
