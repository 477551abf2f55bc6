// Change password: current password, new password twice; other sessions end (CONTRACT.md repassword).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../api/user.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { ErrorNote, Field, Page } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { serverErrors } from '../auth/parts.tsx';
import {
  checkConfirm,
  checkNewPassword,
  dropEmpty,
  hasErrors,
  type FieldErrors,
} from '../auth/validation.ts';

type Values = { oldPassword: string; password: string; confirm: string };

export default function ChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [values, setValues] = useState<Values>({ oldPassword: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = dropEmpty<keyof Values>({
      oldPassword: values.oldPassword === '' ? t('validation.enterPassword') : undefined,
      password: checkNewPassword(t, values.password),
      confirm: checkConfirm(t, values.password, values.confirm),
    });
    setErrors(found);
    if (hasErrors(found)) return;
    change.mutate(
      { oldPassword: values.oldPassword, password: values.password },
      {
        // Say what happened (the server's answer is a bare "Operation successful"): it also ended the
        // other sessions (auth/service.ts changePassword).
        onSuccess: () => {
          toast(t('password.done'), 'success');
          navigate('/profile', { replace: true });
        },
        onError: (error) => {
          const mapped = serverErrors(error, ['oldPassword', 'password'] as const);
          setErrors(mapped.fieldErrors);
          setFormError(mapped.formError);
        },
      },
    );
  };

  return (
    <Page title={t('titles.changePassword')} intro={t('password.intro')} narrow>
      <RequireLogin>
        <form className="card form" onSubmit={onSubmit} noValidate>
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
            hint={t('auth.hints.password')}
            maxLength={128}
          />
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
          {formError && <ErrorNote message={formError} />}
          <button type="submit" className="btn btn-primary btn-block" disabled={change.isPending}>
            {change.isPending ? t('common.pleaseWait') : t('password.submit')}
          </button>
        </form>
      </RequireLogin>
    </Page>
  );
}
