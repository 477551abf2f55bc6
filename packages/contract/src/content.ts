// Public content and parameter calls under /swx/customer/index (CONTRACT.md "Market and content").
import { operatorNotLicensed } from './wire.ts';
import { z } from 'zod';
import { idString, text } from './common.ts';

/** The help centre's topics; every FAQ entry belongs to one, and /help groups and filters by them. */
export const faqTopics = [
  'accounts',
  'demo',
  'deposits',
  'withdrawals',
  'kyc',
  'contracts',
  'smart',
  'loans',
  'nfts',
  'invite',
  'security',
  'fees',
] as const;
export type FaqTopic = (typeof faqTopics)[number];

export const contentListParams = z.strictObject({ id: z.enum(['1', '2']) });
/**
 * A content list row. `topic` is set on FAQ entries (type 4), `publishedAt` (epoch ms) on notices (type 5),
 * which the list gives newest first.
 */
export const contentItem = z.object({
  id: z.string(),
  title: z.string(),
  type: z.number().int().min(1).max(5),
  topic: z.enum(faqTopics).optional(),
  publishedAt: z.number().int().optional(),
});
export type ContentItem = z.infer<typeof contentItem>;
export const contentIdParams = z.strictObject({ id: idString });
/**
 * `result` is the sanitized HTML body; `locale` the language the title and body are written in: the
 * request's, or the fallback's (zh-TW → zh-CN → en, others → en) while a translation is missing.
 */
export const contentDetail = contentItem.extend({ result: z.string(), locale: z.string() });
export type ContentDetail = z.infer<typeof contentDetail>;
/** `listFaq`: every FAQ entry with its body in one call, so the help centre searches answers as well as questions. */
export const faqEntry = contentDetail.extend({ topic: z.enum(faqTopics) });
export type FaqEntry = z.infer<typeof faqEntry>;

export const paramKeys = [
  'min_invest_usd',
  'withdraw_fee_rate',
  'withdraw_amount_min',
  'withdraw_fee_min',
  'withdraw_pending_max',
  'withdraw_method_cooldown_h',
  'loan_free_days',
  'loan_overdue_daily_rate',
  'loan_limit_per_customer',
  'smart_early_exit_penalty_pct',
  'support_chat_url',
  'app_download_url',
  'notice_content_id',
  'deposit_min',
  'max_slippage_pct',
  'price_stale_after_s',
  'features',
  'invite_reward_usdt',
  'smart_daily_rate_max',
  'contact_email',
  'contact_phone',
  'operator_name',
  'operator_address',
  'operator_registration',
  'operator_licence',
  'operator_email',
  'charity_name',
  'charity_registration',
  'charity_website',
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

/**
 * How the back office edits each parameter (settings/param-specs.ts): a decimal or whole number within
 * bounds, an https URL (empty hides the link), the id of a notice (empty: the newest), an e-mail address, a
 * phone number or one line of plain text (each empty hides it), a licence (one line, or `operatorNotLicensed`), or
 * read-only when the server derives the value from its own data.
 */
export const paramKinds = [
  'decimal',
  'integer',
  'url',
  'noticeId',
  'email',
  'phone',
  'text',
  'licence',
  'derived',
] as const;
export type ParamKind = (typeof paramKinds)[number];

/**
 * Who runs the platform (About, footer, legal pages). Empty on a fresh install: the back office's dashboard
 * warns until every one is filled, and no deposit channel opens before `operatorContactKeys` are set.
 */
export const operatorParamKeys = [
  'operator_name',
  'operator_address',
  'operator_registration',
  'operator_licence',
  'operator_email',
] as const;
/** What a customer must be able to reach before paying in: who runs the platform and how to write to them. */
export const operatorContactKeys = ['operator_name', 'operator_email'] as const;
/**
 * `operator_licence` holds the licence and regulator, or exactly this (any case) when the operator holds no
 * licence: said to customers in their language, never left blank.
 */
// Defined in wire.ts (no zod): the footer reads it on every page, and a constant of this module would
// bring the module's schemas, and all of zod, into the first page's scripts (issue 23's home budget).
export { operatorNotLicensed };
/** The charity every winning bid goes to (NFT pages, FAQ, legal pages); no auction starts before it is named. */
export const charityParamKeys = ['charity_name', 'charity_registration', 'charity_website'] as const;
/** The parameters a fresh install still lacks (`GET /admin/api/params/setup`): the screens say what is missing. */
export const setupParamKeys = [...operatorParamKeys, 'charity_name'] as const;
export type SetupParamKey = (typeof setupParamKeys)[number];
export const paramSetup = z.object({ missing: z.array(z.enum(setupParamKeys)) });
export type ParamSetup = z.infer<typeof paramSetup>;
/** `GET /admin/api/params` rows. Bounds are decimal strings, inclusive; `scale` the most decimals allowed. */
export const adminParam = z.object({
  key: z.string(),
  value: z.string(),
  kind: z.enum(paramKinds),
  min: z.string().optional(),
  max: z.string().optional(),
  scale: z.number().int().optional(),
  /** Whether customers may read it through getParamByKey. */
  public: z.boolean(),
  updatedAt: z.number().int().nullable(),
});
export type AdminParam = z.infer<typeof adminParam>;
/**
 * The parameters the back office may change, named one by one: a free-text key could name anything, and
 * admin-prices.test.ts holds every key that reads like a rate to a stated reason it moves no price.
 */
export const editableParamKeys = [
  'min_invest_usd',
  'withdraw_fee_rate',
  'withdraw_amount_min',
  'withdraw_fee_min',
  'withdraw_pending_max',
  'withdraw_method_cooldown_h',
  'loan_free_days',
  'loan_overdue_daily_rate',
  'loan_limit_per_customer',
  'smart_early_exit_penalty_pct',
  'smart_daily_rate_max',
  'adjustment_amount_max',
  'adjustment_amount_max_superadmin',
  'support_chat_url',
  'app_download_url',
  'notice_content_id',
  'deposit_pending_max',
  'deposit_rate_tolerance_bps',
  'max_slippage_pct',
  'price_stale_after_s',
  'invite_reward_usdt',
  'contact_email',
  'contact_phone',
  'operator_name',
  'operator_address',
  'operator_registration',
  'operator_licence',
  'operator_email',
  'charity_name',
  'charity_registration',
  'charity_website',
] as const;
export type EditableParamKey = (typeof editableParamKeys)[number];
export const adminParamParams = z.strictObject({ key: z.enum(editableParamKeys) });
export const adminParamBody = z.strictObject({
  value: text().max(2000),
  reason: text().trim().min(1).max(500),
});
export type AdminParamBody = z.infer<typeof adminParamBody>;
