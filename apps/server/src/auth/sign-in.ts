// The end of every sign-in whose credentials are proved (password, Google, passkey): the session opens with
// where it came from, the device is recorded, and a sign-in from a new device mails the customer a "was
// this you?" with a one-time link that signs that session out (issue 25).
import type { FastifyRequest } from 'fastify';
import type { SessionResult } from '@tradewind/contract';
import { hashToken, newToken } from '../platform/tokens.ts';
import { isLocale } from '@tradewind/i18n/locales';
import { mailText } from '../platform/i18n.ts';
import type { Ctx } from '../platform/context.ts';
import type { UserRow } from '../users/tables.ts';
import { toUserInfo } from '../users/view.ts';
import { recordDevice } from './devices.ts';
import { openSession } from './sessions.ts';
import { mailCustomer } from './customer-mail.ts';
import { describeUserAgent } from './user-agent.ts';

/** The request's side of a sign-in: its address, browser and the device token the browser kept, if any. */
export type SignInClient = { ip: string; userAgent: string | undefined; deviceToken: string | undefined };

/** A header can be long; the list shows a name derived from it, so 512 characters are plenty. */
const userAgentMax = 512;

export function signInClientOf(req: FastifyRequest): SignInClient {
  const body = req.body as { deviceToken?: unknown } | undefined;
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, userAgentMax),
    deviceToken: typeof body?.deviceToken === 'string' ? body.deviceToken : undefined,
  };
}

export async function signIn(ctx: Ctx, user: UserRow, client: SignInClient): Promise<SessionResult> {
  const now = new Date(ctx.clock.now());
  const opened = await ctx.db.transaction(async (tx) => {
    const device = await recordDevice(tx, user.id, client.deviceToken, now);
    const link = device.known ? undefined : newToken();
    const token = await openSession(tx, ctx, user.id, now, {
      ip: client.ip,
      userAgent: client.userAgent,
      ...(link ? { revokeLinkHash: hashToken(link) } : {}),
    });
    return { token, deviceToken: device.deviceToken, link };
  });
  if (opened.link) await mailNewDevice(ctx, user, client, now, opened.link);
  return { token: opened.token, userInfo: toUserInfo(user), deviceToken: opened.deviceToken };
}

/** Sent after the session is open: a mail server that fails must not refuse the customer's sign-in. */
async function mailNewDevice(
  ctx: Ctx,
  user: UserRow,
  client: SignInClient,
  now: Date,
  link: string,
): Promise<void> {
  const locale = isLocale(user.locale) ? user.locale : 'en';
  const { device, browser } = describeUserAgent(client.userAgent);
  const named = [browser, device].filter(Boolean).join(' · ');
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(now);
  const url = `${ctx.config.publicUrl}/security/revoke?token=${encodeURIComponent(link)}`;
  const body = mailText(locale, 'newDeviceBody', {
    userName: user.userName,
    device: named || mailText(locale, 'unknownDevice', {}),
    ip: client.ip,
    time: `${time} UTC`,
    link: url,
  });
  try {
    await mailCustomer(
      ctx,
      user.email,
      {
        subject: mailText(locale, 'newDeviceSubject', {}),
        text: `${body}\n\n${mailText(locale, 'signature', {})}\n`,
      },
      locale,
    );
  } catch (err) {
    ctx.log.error({ err }, 'new-device mail failed');
  }
}
