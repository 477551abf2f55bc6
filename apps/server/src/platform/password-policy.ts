// Enforces the shared password policy (packages/contract password-rules.ts) on a new password: sign-up, reset,
// change, and a staff member's own password. Login never runs it: a password set before the policy still signs in.
import { codes, passwordMinLength, type PasswordOwner, type PasswordRefusal } from '@tradewind/contract';
import { assessPassword } from '@tradewind/contract/password-strength';
import { AppError, type FieldProblem } from './errors.ts';

/** The field message (server.json `fields`) that says why, at `password`. */
const problems: Record<PasswordRefusal, FieldProblem> = {
  tooShort: { key: 'passwordTooShort', params: { min: passwordMinLength } },
  personal: { key: 'passwordPersonal' },
  common: { key: 'passwordCommon' },
};

/** Throws 10164 with the reason at `password` when the policy refuses it. */
export function enforcePasswordPolicy(password: string, owner: PasswordOwner): void {
  const { refusal } = assessPassword(password, owner);
  if (refusal) throw new AppError(codes.passwordWeak, {}, { password: problems[refusal] });
}
