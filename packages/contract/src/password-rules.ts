// The password policy for new passwords (issue 25, M-3), shared by the server and both apps: the length, the
// strength the estimator must give, and the personal parts a password must not contain. The estimator itself
// lives in password-strength.ts (its dictionaries are large, so the apps load it only where a password is set).

export const passwordMinLength = 10;
export const passwordMaxLength = 128;
/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" against an online attack. */
export const passwordMinScore = 3;
/** A user name or e-mail local part shorter than this is not looked for inside a password (it would refuse most). */
const personalPartMin = 3;

/** Why a new password is refused; each is a message under `fields.password*` (server) and `password.*` (web). */
export type PasswordRefusal = 'tooShort' | 'personal' | 'common';
/** What a person is shown: the bar's four steps, refused ones being weak or fair. */
export type PasswordLevel = 'weak' | 'fair' | 'good' | 'strong';
export type PasswordOwner = { userName?: string | undefined; email?: string | undefined };
export type PasswordVerdict = { score: number; level: PasswordLevel; refusal: PasswordRefusal | undefined };

/** The user name and the e-mail's local part, lower-cased: passed to the estimator and looked for in the password. */
export function personalParts(owner: PasswordOwner): string[] {
  const parts = [owner.userName, owner.email?.split('@')[0]];
  return parts.map((p) => (p ?? '').trim().toLowerCase()).filter((p) => p.length > 0);
}

/** The verdict on a password given the estimator's score: length first, then personal parts, then strength. */
export function judgePassword(password: string, score: number, owner: PasswordOwner): PasswordVerdict {
  const lower = password.toLowerCase();
  const refusal: PasswordRefusal | undefined =
    password.length < passwordMinLength
      ? 'tooShort'
      : personalParts(owner).some((p) => p.length >= personalPartMin && lower.includes(p))
        ? 'personal'
        : score < passwordMinScore
          ? 'common'
          : undefined;
  const level: PasswordLevel = refusal ? (score >= 2 ? 'fair' : 'weak') : score >= 4 ? 'strong' : 'good';
  return { score, level, refusal };
}
