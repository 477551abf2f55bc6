// Every e-mail to a customer goes through here, so each carries the customer's anti-phishing phrase at the
// top (issue 25): a message claiming to be from Tradewind without it is not. An address with no account yet
// (a sign-up code) has no phrase.
import { eq, sql } from 'drizzle-orm';
import { mailText, type Locale } from '../platform/i18n.ts';
import type { Ctx } from '../platform/context.ts';
import { users } from '../users/tables.ts';

export async function mailCustomer(
  ctx: Pick<Ctx, 'db' | 'mailer'>,
  to: string,
  mail: { subject: string; text: string },
  locale: Locale,
): Promise<void> {
  const [user] = await ctx.db
    .select({ phrase: users.antiPhishingPhrase })
    .from(users)
    .where(eq(sql`lower(${users.email})`, to.trim().toLowerCase()))
    .limit(1);
  const text = user?.phrase
    ? `${mailText(locale, 'antiPhishingLine', { phrase: user.phrase })}\n\n${mail.text}`
    : mail.text;
  await ctx.mailer.send({ to, subject: mail.subject, text });
}
