// Public content and parameter calls under /swx/customer/index (CONTRACT.md "Market and content").
import { z } from 'zod';
import { idString } from './common.ts';

export const contentListParams = z.strictObject({ id: z.enum(['1', '2']) });
export const contentItem = z.object({
  id: z.string(),
  title: z.string(),
  type: z.number().int().min(1).max(5),
});
export type ContentItem = z.infer<typeof contentItem>;
export const contentIdParams = z.strictObject({ id: idString });
export const contentDetail = contentItem.extend({ result: z.string() });
export type ContentDetail = z.infer<typeof contentDetail>;

export const paramKeys = [
  'min_invest_usd',
  'withdraw_fee_rate',
  'withdraw_amount_min',
  'withdraw_fee_min',
  'withdraw_pending_max',
  'loan_free_days',
  'smart_early_exit_penalty_pct',
  'support_chat_url',
  'app_download_url',
  'notice_content_id',
  'deposit_min',
  'max_slippage_pct',
  'features',
] as const;
export const paramKeyParams = z.strictObject({ key: z.string().regex(/^[a-z_]{1,64}$/) });
export const paramResult = z.object({ key: z.string(), value: z.string() });

/**
 * Products that come with later issues. The `features` parameter's value is the JSON of `FeatureFlags`:
 * `true` once the server runs the product (its routes are registered), so screens show "not available yet"
 * until then and the home page does not advertise it.
 */
export const featureProducts = ['orders', 'smart', 'loans', 'nft'] as const;
export type Product = (typeof featureProducts)[number];
export type FeatureFlags = Record<Product, boolean>;
