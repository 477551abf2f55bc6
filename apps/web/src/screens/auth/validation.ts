// Client-side checks of the auth forms with the messages of spec.md §5; the server checks again and its
// messages are shown as returned.
import type { TFunction } from 'i18next';
import { passwordMaxLength, passwordMinLength, type PasswordVerdict } from '@tradewind/contract';

export const userNamePattern = /^[A-Za-z0-9_]{4,32}$/;
// Deliberately loose: the server's check is the real one; this only catches obvious typos.
export const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const codePattern = /^\d{6}$/;
export const invitePattern = /^[A-Z0-9]{4,16}$/;
export const phonePattern = /^\d{4,15}$/;
export const passwordMin = passwordMinLength;
export const passwordMax = passwordMaxLength;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function checkEmail(t: TFunction, email: string, forCode = false): string | undefined {
  if (email.trim() === '') return t('validation.enterEmail');
  if (!emailPattern.test(email.trim()))
    return forCode ? t('validation.validEmail') : t('validation.emailFormat');
  return undefined;
}

/** With the policy's `verdict` (once the estimator has loaded), a refused password is stopped with its reason. */
export function checkNewPassword(
  t: TFunction,
  password: string,
  verdict?: PasswordVerdict,
): string | undefined {
  if (password === '') return t('validation.enterPassword');
  if (password.length < passwordMin || password.length > passwordMax)
    return t('validation.passwordLength', { min: passwordMin, max: passwordMax });
  if (verdict?.refusal) return t(`passwordStrength.${verdict.refusal}`, { ns: 'security', min: passwordMin });
  return undefined;
}

export function checkConfirm(t: TFunction, password: string, confirm: string): string | undefined {
  if (confirm === '') return t('validation.confirmPassword');
  if (confirm !== password) return t('validation.passwordsDiffer');
  return undefined;
}

export function checkCode(t: TFunction, code: string): string | undefined {
  if (code.trim() === '') return t('validation.enterCode');
  if (!codePattern.test(code.trim())) return t('validation.codeFormat');
  return undefined;
}

export type RegisterValues = {
  userName: string;
  email: string;
  password: string;
  confirm: string;
  code: string;
  inviteCode: string;
  areaCode: string;
  phone: string;
};

export function checkRegister(
  t: TFunction,
  v: RegisterValues,
  verdict?: PasswordVerdict,
): FieldErrors<keyof RegisterValues> {
  const errors: FieldErrors<keyof RegisterValues> = {};
  if (v.userName.trim() === '') errors.userName = t('validation.enterUserName');
  else if (!userNamePattern.test(v.userName.trim())) errors.userName = t('validation.userNameRule');
  errors.email = checkEmail(t, v.email);
  errors.password = checkNewPassword(t, v.password, verdict);
  errors.confirm = checkConfirm(t, v.password, v.confirm);
  errors.code = checkCode(t, v.code);
  if (v.inviteCode.trim() !== '' && !invitePattern.test(v.inviteCode.trim()))
    errors.inviteCode = t('validation.inviteFormat');
  if (v.phone.trim() !== '' && !phonePattern.test(v.phone.trim())) errors.phone = t('validation.phoneFormat');
  return dropEmpty(errors);
}

export function dropEmpty<K extends string>(errors: FieldErrors<K>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const [key, message] of Object.entries(errors) as [K, string | undefined][])
    if (message) out[key] = message;
  return out;
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean);
}
