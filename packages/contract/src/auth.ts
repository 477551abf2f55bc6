// Auth calls under /swx/customer/login (CONTRACT.md "Auth").
import { z } from 'zod';
import { text } from './common.ts';
import { passwordMaxLength, passwordMinLength } from './password-rules.ts';
import { kycStatus, userStatus } from './statuses.ts';
import { otpSchema } from './security.ts';
import { deviceTokenSchema } from './security-sessions.ts';

export const userNameSchema = z.string().regex(/^[A-Za-z0-9_]{4,32}$/);
export const emailSchema = z.string().max(254).pipe(z.email());
/** A new password's length (the policy's strength check is the server's, 10164); login takes any stored one. */
export const passwordSchema = text().min(passwordMinLength).max(passwordMaxLength);
export const codeSchema = z.string().regex(/^\d{6}$/);
export const areaCodeSchema = z.string().regex(/^\+\d{1,4}$/);
export const phoneSchema = z.string().regex(/^\d{4,15}$/);

export const checkUserNameQuery = z.strictObject({
  userName: text().max(64).optional(),
  phone: text().max(32).optional(),
  email: text().max(254).optional(),
});
export const checkUserNameResult = z.object({ available: z.boolean() });

export const sendCodeBody = z.strictObject({ email: emailSchema, purpose: z.enum(['register', 'reset']) });

export const registerBody = z.strictObject({
  userName: userNameSchema,
  email: emailSchema,
  password: passwordSchema,
  code: codeSchema,
  inviteCode: z
    .string()
    .regex(/^[A-Z0-9]{4,16}$/)
    .optional(),
  areaCode: areaCodeSchema.optional(),
  phone: phoneSchema.optional(),
});

export const loginBody = z.strictObject({
  userName: text().min(1).max(254),
  password: text().min(1).max(128),
  /** The second factor, once the customer has turned it on (missing: 10113 with `{secondFactor}`). */
  otp: otpSchema.optional(),
  deviceToken: deviceTokenSchema.optional(),
});

/**
 * The code and state the provider returned; the state names the flow googleStart issued (claimed once). A
 * customer with two-factor on, on a new device, is answered 10113 with `{secondFactor}`: the client posts
 * the same state again with `otp` (and no code), and the held flow finishes once.
 */
export const googleLoginBody = z.strictObject({
  code: text().min(1).max(2048).optional(),
  state: text().min(1).max(256),
  otp: otpSchema.optional(),
  /** The `iss` of the return URL, when the provider sends one (RFC 9207: which issuer answered). */
  iss: text().max(2048).optional(),
  redirectUri: z.url().max(2048),
  deviceToken: deviceTokenSchema.optional(),
});

export const resetPasswordBody = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  password: passwordSchema,
});

export const userInfo = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  status: userStatus,
  kycStatus,
  inviteCode: z.string(),
  createdAt: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** `deviceToken`: what the browser keeps and sends with its next sign-in, so that one is not a new device. */
export const sessionResult = z.object({ token: z.string(), userInfo, deviceToken: z.string().optional() });
export type SessionResult = z.infer<typeof sessionResult>;

export const googleConfigResult = z.object({ enabled: z.boolean() });
/** One sign-in's authorization URL, carrying the state, nonce and PKCE challenge the server keeps. */
export const googleStartResult = z.object({ authorizationUrl: z.string() });
