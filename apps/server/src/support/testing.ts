// Test helpers for the support suites: a customer and staff talking through the real routes.
import { makeImage } from '../test/multipart.ts';
import { client, registerUser, type Answer, type TestApp } from '../test/harness.ts';
import type { SupportConversation, SupportMessage } from '@tradewind/contract';

export const customerBase = '/api/swx/customer/support';
export const staffBase = '/admin/api/support';

/** A PNG as the customer app sends it: a data URL. */
export async function pngDataUrl(seed = 0): Promise<string> {
  return `data:image/png;base64,${(await makeImage('png', seed)).toString('base64')}`;
}

/** A new customer with a client of their own. */
export async function supportCustomer(t: Pick<TestApp, 'app' | 'dataDir'>) {
  const user = await registerUser(t);
  const api = client(t.app, { token: user.token });
  return {
    user,
    api,
    send: (body: { text: string; image?: string }, lang?: string) =>
      api.post<SupportMessage>(`${customerBase}/send`, { body, ...(lang ? { lang } : {}) }),
    list: (): Promise<Answer<SupportConversation>> => api.get<SupportConversation>(`${customerBase}/list`),
    unread: async () => (await api.get<{ unread: number }>(`${customerBase}/unread`)).body.result.unread,
  };
}
