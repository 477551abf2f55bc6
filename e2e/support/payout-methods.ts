// Payout methods for the browser tests (issue 25's allowlist): saved with the login password, as the withdrawal
// page sends it. Specs that withdraw right after adding a method run with the cool-down at 0 hours, set as an
// operator would (every such spec sets the same value); the cool-down itself is withdraw-allowlist.spec.ts's,
// which runs in the server-wide project, after them, and sets its own.
import { type APIRequestContext } from '@playwright/test';
import { backOfficeHeaders, envelope, password, type Customer } from './accounts.ts';
import { setParams } from './deposits.ts';

export const cooldownParam = 'withdraw_method_cooldown_h';

/** Sets the payout-method cool-down, in hours, through the back office's parameter editor. */
export async function setPayoutCooldown(request: APIRequestContext, hours: number): Promise<void> {
  await setParams(request, await backOfficeHeaders(request), { [cooldownParam]: String(hours) });
}

/** Saves a payout method for `customer` that is usable at once (the cool-down set to 0 first); its id. */
export async function saveUsableMethod(
  request: APIRequestContext,
  customer: Customer,
  method: Record<string, string>,
): Promise<{ id: string }> {
  await setPayoutCooldown(request, 0);
  return envelope<{ id: string }>(
    await request.post('/api/swx/customer/user/withdrawalType/save', {
      headers: { Authorization: customer.token, virtually: 'YES' },
      data: { ...method, password },
    }),
  );
}
