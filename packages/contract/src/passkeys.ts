// Passkeys (WebAuthn) under /swx/customer/security/passkey and /swx/customer/login (issue 25). The ceremony
// JSON is @simplewebauthn's (PublicKeyCredential*OptionsJSON out, Registration/AuthenticationResponseJSON in):
// checked here for shape and size only, verified by the server's WebAuthn library.
import { z } from 'zod';
import { idString, text } from './common.ts';
import { deviceTokenSchema } from './security-sessions.ts';

const base64url = z.string().regex(/^[A-Za-z0-9_-]*={0,2}$/);
const b64 = (max: number) => base64url.max(max);

/** Options for navigator.credentials.create/get, passed to @simplewebauthn/browser as they are. */
export const passkeyOptionsResult = z.looseObject({ challenge: z.string() });

/** What the browser's credential answers (RegistrationResponseJSON), at most a few KB. */
export const passkeyAttestation = z.strictObject({
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64(4096),
    attestationObject: b64(16_384),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(10)
      .optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What the browser's credential signs (AuthenticationResponseJSON). */
export const passkeyAssertion = z.strictObject({
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64(4096),
    authenticatorData: b64(4096),
    signature: b64(1024),
    userHandle: b64(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/**
 * Adding a passkey adds a way in: the password, and the second factor when one is on, so a session alone
 * (a stolen token) cannot.
 */
export const passkeyRegisterOptionsBody = z.strictObject({
  password: text().min(1).max(128),
  otp: text().max(32).optional(),
});

export const passkeyRegisterBody = z.strictObject({
  response: passkeyAttestation,
  name: text().trim().max(64).optional(),
});

export const passkeyRemoveBody = z.strictObject({ password: text().min(1).max(128) });
export const passkeyIdParams = z.strictObject({ id: idString });

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyView>;
export const passkeyListResult = z.array(passkeyView);

/** A user name narrows the sign-in to that account's passkeys; without one the browser offers any it holds. */
export const passkeyLoginOptionsBody = z.strictObject({ userName: text().max(254).optional() });
export const passkeyLoginBody = z.strictObject({
  response: passkeyAssertion,
  deviceToken: deviceTokenSchema.optional(),
});
