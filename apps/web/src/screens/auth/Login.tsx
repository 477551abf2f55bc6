// Login with username or email and password; Google when configured (CONTRACT.md "Auth").
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { useLogin } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { safeRedirect, withRedirect } from '../../app/routeMeta.ts';
import { ErrorNote, Field } from '../../ui/kit.tsx';
import { AuthFrame, GoogleButton, PasswordToggle, serverErrors } from './parts.tsx';
import { hasErrors, type FieldErrors } from './validation.ts';
import { LoginSecondFactor } from './LoginSecondFactor.tsx';
import { PasskeyButton } from './PasskeyButton.tsx';

type Values = { userName: string; password: string };

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [values, setValues] = useState<Values>({ userName: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  /** The right password of an account with two-factor on (10113): the code is asked next. */
  const [secondStep, setSecondStep] = useState(false);
  const login = useLogin();
  const signedIn = () => navigate(safeRedirect(search.get('redirect')), { replace: true });

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors<keyof Values> = {};
    if (values.userName.trim() === '') found.userName = t('validation.enterUserNameOrEmail');
    if (values.password === '') found.password = t('validation.enterPassword');
    setErrors(found);
    if (hasErrors(found)) return;
    login.mutate(
      { userName: values.userName.trim(), password: values.password },
      {
        onSuccess: signedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.code === codes.totpRequired) {
            setSecondStep(true);
            return;
          }
          const mapped = serverErrors(error, ['userName', 'password'] as const);
          setErrors(mapped.fieldErrors);
          setFormError(mapped.formError);
        },
      },
    );
  };

  return (
    <AuthFrame title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {secondStep ? (
        <LoginSecondFactor
          send={(otp) =>
            login.mutateAsync({ userName: values.userName.trim(), password: values.password, otp })
          }
          onSignedIn={signedIn}
          onBack={() => {
            setSecondStep(false);
            setValues((v) => ({ ...v, password: '' }));
          }}
        />
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <Field
            label={t('auth.fields.userNameOrEmail')}
            name="userName"
            autoComplete="username"
            value={values.userName}
            onChange={set('userName')}
            error={errors.userName}
            maxLength={254}
          />
          <Field
            label={t('auth.fields.password')}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            maxLength={128}
            trailing={<PasswordToggle shown={showPassword} onToggle={() => setShowPassword((s) => !s)} />}
          />
          <p className="form-aside">
            <Link to="/pass/reset">{t('auth.login.forgot')}</Link>
          </p>
          {formError && <ErrorNote message={formError} />}
          <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
            {login.isPending ? t('common.pleaseWait') : t('auth.login.submit')}
          </button>
        </form>
      )}
      {!secondStep && <PasskeyButton onSignedIn={signedIn} />}
      <GoogleButton />
      <p className="auth-switch">
        {t('auth.login.noAccount')}{' '}
        <Link to={withRedirect('/pass/register', search)}>{t('auth.register.submit')}</Link>
      </p>
    </AuthFrame>
  );
}
