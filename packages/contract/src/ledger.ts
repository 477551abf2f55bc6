// Book records and notifications (CONTRACT.md "User"); adjustments are in reviews.ts.
import { z } from 'zod';
import { decimalString, idString } from './common.ts';

export const fundRecordQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  kind: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .optional(),
});
export const fundRecord = z.object({
  id: z.string(),
  kind: z.string(),
  amount: decimalString,
  balanceAfter: decimalString,
  ref: z.string(),
  createdAt: z.number().int(),
});
export type FundRecord = z.infer<typeof fundRecord>;

export const notificationItem = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.number().int(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationPage = z.object({
  list: z.array(notificationItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  unread: z.number().int(),
});
/** Marks `id`, the `ids` shown on a page (at most a page of 100), or with neither every notification read. */
export const readNotificationBody = z
  .strictObject({ id: idString.optional(), ids: z.array(idString).min(1).max(100).optional() })
  .optional();
