// The support inbox (CONTRACT.md "/swx/customer/support/*" and back office "support"): one conversation per
// customer with Tradewind staff, text and at most one image per message.
import { z } from 'zod';
import { idString, text } from './common.ts';

export const supportTextMax = 2000;
export const supportThreadStatuses = ['open', 'closed'] as const;
export type SupportThreadStatus = (typeof supportThreadStatuses)[number];
export const supportAuthors = ['customer', 'staff'] as const;
export type SupportAuthor = (typeof supportAuthors)[number];

/**
 * What a customer sends. The image travels as a data URL inside JSON rather than as a multipart part: a
 * multipart text field is cut silently at its byte limit, and 2000 characters of CJK text are 6000 bytes.
 */
export const supportSendBody = z.strictObject({
  text: text().trim().min(1).max(supportTextMax),
  /**
   * `data:image/png|jpeg|jp2;base64,…`, the same formats and size limit as a deposit proof (10106, 10107);
   * its length is bounded by the route's body limit, so an oversized image answers 10107, not a field error.
   */
  image: text().optional(),
});
export type SupportSendBody = z.infer<typeof supportSendBody>;

export const supportReplyBody = z.strictObject({ text: text().trim().min(1).max(supportTextMax) });
export type SupportReplyBody = z.infer<typeof supportReplyBody>;

/** A message as its customer sees it: staff are "Tradewind support", never a name. */
export const supportMessage = z.object({
  id: z.string(),
  author: z.enum(supportAuthors),
  text: z.string(),
  /** A URL that answers the image to the thread's customer (customer app) or to staff (back office). */
  image: z.string().nullable(),
  createdAt: z.number().int(),
  /** Whether the other side has opened it. */
  read: z.boolean(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

/** Staff see which colleague wrote a reply. */
export const supportStaffMessage = supportMessage.extend({ staffName: z.string().nullable() });
export type SupportStaffMessage = z.infer<typeof supportStaffMessage>;

/** GET support/list: newest first; listing marks the staff replies read. */
export const supportConversation = z.object({
  list: z.array(supportMessage),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** `null` before the customer's first message. */
  status: z.enum(supportThreadStatuses).nullable(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

export const supportUnread = z.object({ unread: z.number().int() });

export const supportThreadsQuery = z.strictObject({
  status: z.enum(supportThreadStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const supportThread = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  status: z.enum(supportThreadStatuses),
  lastMessageAt: z.number().int(),
  lastMessage: z
    .object({ author: z.enum(supportAuthors), text: z.string(), hasImage: z.boolean() })
    .nullable(),
  /** Customer messages no staff member has opened yet. */
  unread: z.number().int(),
  createdAt: z.number().int(),
});
export type SupportThread = z.infer<typeof supportThread>;

export const supportThreadParams = z.strictObject({ id: idString });

/** GET support/{id}: the thread and a page of its messages, newest first; opening it marks them read. */
export const supportThreadDetail = z.object({
  thread: supportThread,
  list: z.array(supportStaffMessage),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type SupportThreadDetail = z.infer<typeof supportThreadDetail>;
