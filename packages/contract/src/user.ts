// Account calls under /swx/customer/user (CONTRACT.md "User").
import { z } from 'zod';
import { userInfo, passwordSchema } from './auth.ts';
import { otpSchema } from './security.ts';
import { decimalString, text } from './common.ts';

export const userInfoWithBook = userInfo.extend({
  book: z.enum(['demo', 'real']),
  balance: decimalString,
  frozen: decimalString,
  equity: decimalString,
});
export type UserInfoWithBook = z.infer<typeof userInfoWithBook>;

export const repasswordBody = z.strictObject({
  oldPassword: text().min(1).max(128),
  password: passwordSchema,
  /** The second factor, once the customer has turned it on (missing: 10113). */
  otp: otpSchema.optional(),
});
