// The customer's anti-phishing phrase: set on the security page, put at the top of every e-mail by
// auth/customer-mail.ts (issue 25).
import { eq } from 'drizzle-orm';
import type { Ctx } from '../platform/context.ts';
import { users } from '../users/tables.ts';

export async function antiPhishingPhrase(ctx: Ctx, userId: number): Promise<{ phrase: string | null }> {
  const [row] = await ctx.db
    .select({ phrase: users.antiPhishingPhrase })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { phrase: row?.phrase ?? null };
}

/** `phrase` arrives trimmed and 4–32 characters long (the contract's antiPhishingBody). */
export async function setAntiPhishingPhrase(ctx: Ctx, userId: number, phrase: string): Promise<void> {
  await ctx.db.update(users).set({ antiPhishingPhrase: phrase }).where(eq(users.id, userId));
}
