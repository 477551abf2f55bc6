// Book records, notifications and back-office adjustments (CONTRACT.md "User", "Back office").
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
export const readNotificationBody = z.strictObject({ id: idString.optional() }).optional();

export const adjustmentBody = z.strictObject({
  userId: idString,
  book: z.enum(['demo', 'real']),
  amount: decimalString,
  reason: z.string().trim().min(1).max(500),
});
export const adjustment = z.object({
  id: z.string(),
  userId: z.string(),
  book: z.string(),
  amount: decimalString,
  reason: z.string(),
  status: z.string(),
  requestedBy: z.string(),
  approvedBy: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
