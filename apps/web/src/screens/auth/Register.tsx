// Sign-up (spec.md §2, CONTRACT.md "Auth"): username, email with a mailed code, password twice, optional
// phone with area code and invite code (from ?invite= or typed).
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { useCheckAvailability, useRegister, type RegisterInput } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { safeRedirect, withRedirect } from '../../app/routeMeta.ts';
import { useFieldErrors } from '../../ui/fieldErrors.ts';
import { Field, ErrorNote } from '../../ui/kit.tsx';
import { offerTwoFactor } from '../account/security/TwoFactorOffer.tsx';
import { toast } from '../../ui/toast.tsx';
import { PasswordMeter } from '../../ui/PasswordMeter.tsx';
import { usePasswordVerdict } from '../../ui/passwordStrength.ts';
import { AreaCodeSelect } from './AreaCodeSelect.tsx';
import { browserLanguages, defaultAreaCode } from './areaCodes.ts';
import { AuthFrame, GoogleButton, PasswordToggle, SendCodeButton } from './parts.tsx';
import {
  checkEmail,
  checkRegister,
  invitePattern,
  userNamePattern,
  type RegisterValues,
} from './validation.ts';

const fieldNames = [
  'userName',
  'email',
  'password',
  'confirm',
  'code',
  'inviteCode',
  'areaCode',
  'phone',
] as const;

/** Refusals that are about one field, shown at it rather than above the button. */
const codeFields = {
  [codes.userNameInvalid]: 'userName',
  [codes.userNameTaken]: 'userName',
  [codes.emailInvalid]: 'email',
  [codes.emailTaken]: 'email',
  [codes.phoneTaken]: 'phone',
  [codes.passwordInvalid]: 'password',
  [codes.passwordsDiffer]: 'confirm',
  [codes.codeInvalidOrExpired]: 'code',
  [codes.codeWrong]: 'code',
} as const;

function toInput(v: RegisterValues): RegisterInput {
  const input: RegisterInput = {
    userName: v.userName.trim(),
    email: v.email.trim(),
    password: v.password,
    code: v.code.trim(),
  };
  if (v.inviteCode.trim()) input.inviteCode = v.inviteCode.trim();
  if (v.phone.trim()) {
    input.areaCode = v.areaCode;
    input.phone = v.phone.trim();
  }
  return input;
}

export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const invite = (search.get('invite') ?? '').toUpperCase();
  const [values, setValues] = useState<RegisterValues>({
    userName: '',
    email: '',
    password: '',
    confirm: '',
    code: '',
    inviteCode: invitePattern.test(invite) ? invite : '',
    areaCode: defaultAreaCode(browserLanguages()),
    phone: '',
  });
  const form = useFieldErrors(fieldNames, codeFields);
  const { errors, formError } = form;
  const [showPassword, setShowPassword] = useState(false);
  const verdict = usePasswordVerdict(values.password, { userName: values.userName, email: values.email });
  const register = useRegister();
  const check = useCheckAvailability();
  const areaId = useId();

  const set = (name: keyof RegisterValues) => (event: { target: { value: string } }) => {
    const value = name === 'inviteCode' ? event.target.value.toUpperCase() : event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    form.changed(name);
  };

  const checkUserName = () => {
    const userName = values.userName.trim();
    if (!userNamePattern.test(userName)) return;
    check.mutate(
      { userName },
      {
        onSuccess: (answer) => {
          // A server finding: it stays through the next submit, until the name is changed.
          if (!answer.available) form.setField('userName', t('validation.userNameTaken'), true);
        },
        onError: (error) => form.setField('userName', error.message, true),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(checkRegister(t, values, verdict))) return;
    register.mutate(toInput(values), {
      onSuccess: ({ message, result }) => {
        toast(message, 'success');
        offerTwoFactor(result.userInfo.id);
        navigate(safeRedirect(search.get('redirect')), { replace: true });
      },
      onError: form.refused,
    });
  };

  return (
    <AuthFrame title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form className="form" onSubmit={onSubmit} noValidate ref={form.formRef}>
        <Field
          label={t('auth.fields.userName')}
          name="userName"
          autoComplete="username"
          value={values.userName}
          onChange={set('userName')}
          onBlur={checkUserName}
          error={errors.userName}
          hint={t('auth.hints.userName')}
          maxLength={32}
        />
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
              purpose="register"
              onInvalidEmail={() => {
                const message = checkEmail(t, values.email, true);
                form.setField('email', message);
                return message !== undefined;
              }}
              onRefused={(error) => {
                const onEmail = error instanceof ApiError && error.code === codes.emailTaken;
                if (onEmail) form.setField('email', error.message, true);
                return onEmail;
              }}
            />
          }
        />
        <Field
          label={t('auth.fields.password')}
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
        <div className={errors.phone ? 'field field-invalid' : 'field'}>
          <label className="field-label" htmlFor={`${areaId}-phone`}>
            {t('auth.fields.phone')} <span className="optional">{t('common.optional')}</span>
          </label>
          <div className="field-row">
            <AreaCodeSelect id={areaId} value={values.areaCode} onChange={set('areaCode')} />
            <input
              id={`${areaId}-phone`}
              className="input"
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={values.phone}
              onChange={set('phone')}
              aria-invalid={errors.phone ? true : undefined}
              maxLength={15}
            />
          </div>
          {errors.phone && <p className="field-error">{errors.phone}</p>}
        </div>
        <Field
          label={`${t('auth.fields.inviteCode')} ${t('common.optional')}`}
          name="inviteCode"
          autoComplete="off"
          value={values.inviteCode}
          onChange={set('inviteCode')}
          error={errors.inviteCode}
          maxLength={16}
        />
        {formError && <ErrorNote message={formError} />}
        <p className="fine-print">
          {t('auth.register.terms')} <Link to="/legal">{t('footer.legal')}</Link>
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
          {register.isPending ? t('common.pleaseWait') : t('auth.register.submit')}
        </button>
      </form>
      <GoogleButton />
      <p className="auth-switch">
        {t('auth.register.haveAccount')}{' '}
        <Link to={withRedirect('/pass/login', search)}>{t('auth.login.submit')}</Link>
      </p>
    </AuthFrame>
  );
}
