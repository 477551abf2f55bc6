// A customer's two-factor sign-in under /swx/customer/security/totp (issue 25), and the `otp` that sign-in and
// step-up calls (withdrawal, payout method, password change) carry once it is on.
import { z } from 'zod';
import { text } from './common.ts';

/**
 * A second factor as typed: a 6-digit TOTP code or a recovery code (`xxxxx-xxxxx`, any case, dashes and
 * spaces ignored). Wrong or already used: 10165; missing while two-factor is on: 10113.
 */
export const otpSchema = text().trim().min(1).max(32);

/** The second factors a customer can turn on; 10113 answers the ones they have as `{secondFactor}`. */
export const secondFactors = ['totp', 'passkey'] as const;
export const secondFactorRequired = z.object({ secondFactor: z.array(z.enum(secondFactors)) });
export type SecondFactorRequired = z.infer<typeof secondFactorRequired>;

/** `GET totp`: whether TOTP is on and how many recovery codes are left unused. */
export const totpStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.number().int().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

/** `POST totp/enrol`: a pending secret (not on until confirmed); refused with 10166 while TOTP is on. */
export const customerTotpEnrolResult = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type CustomerTotpEnrolResult = z.infer<typeof customerTotpEnrolResult>;

/** `POST totp/confirm`: a code from the pending secret turns TOTP on (wrong: 10165; none pending: 10167). */
export const customerTotpConfirmBody = z.strictObject({ code: z.string().regex(/^\d{6}$/) });
/** The ten recovery codes, answered this once: each signs in once in place of a code. */
export const customerTotpConfirmResult = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type CustomerTotpConfirmResult = z.infer<typeof customerTotpConfirmResult>;

/** `POST totp/disable`: the password (wrong: 10143) and a current code or a recovery code (10165). */
export const totpDisableBody = z.strictObject({ password: text().min(1).max(128), otp: otpSchema });
