// Sessions, devices and the anti-phishing phrase under /swx/customer/security (issue 25).
import { z } from 'zod';
import { idString, text } from './common.ts';

/** The token a browser keeps after a sign-in and sends with the next (login, Google, passkey). */
export const deviceTokenSchema = text().max(128);

/** One active session as the security page lists it; device and browser are null when the agent says nothing. */
export const securitySession = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string().nullable(),
  browser: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type SecuritySession = z.infer<typeof securitySession>;
export const securitySessionsResult = z.array(securitySession);

export const sessionIdParams = z.object({ id: idString });

export const antiPhishingMinLength = 4;
export const antiPhishingMaxLength = 32;
export const antiPhishingBody = z.strictObject({
  phrase: text().trim().min(antiPhishingMinLength).max(antiPhishingMaxLength),
});
export const antiPhishingResult = z.object({ phrase: z.string().nullable() });

/** The one-time token of a new-device e-mail's sign-out link. */
export const signOutLinkBody = z.strictObject({ token: text().min(1).max(128) });
