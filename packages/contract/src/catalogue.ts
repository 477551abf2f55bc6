// The back office's catalogue (CONTRACT.md "CRUD instruments, smart-products, loan-products"): instruments,
// smart products with their plans, loan products. Bodies are strict, so a field that is not a term of the
// product (a price, a tick, an outcome) is refused with 400; nothing here sets a price (DESIGN.md §1.3).
// Every change carries the reason kept in the audit log. Changed terms reach new orders only: contracts,
// smart orders and loans copy their terms when they are made.
import { z } from 'zod';
import { amountString, decimalString, idString, text } from './common.ts';
import { usdtScale } from './money.ts';
import { contractTerm, instrumentTypes, tradingHours, type InstrumentType } from './market.ts';

/** The highest leverage per category, after ESMA (DESIGN.md §1.9); the back office cannot go above it. */
export const leverageCaps: Readonly<Record<InstrumentType, number>> = {
  [instrumentTypes.forex]: 30,
  [instrumentTypes.crypto]: 2,
  [instrumentTypes.stocks]: 5,
  [instrumentTypes.futures]: 10,
  [instrumentTypes.metals]: 20,
};

/** Bounds of an instrument's terms as the back office may set them. */
export const instrumentBounds = {
  /** The fee charged once at open, in basis points of the notional: at most 1 %. */
  feeBpsMax: 100,
  leverageChoicesMax: 10,
  contractTermsMax: 10,
  /** A contract's term: one minute to 30 days. */
  termSecondsMin: 60,
  termSecondsMax: 30 * 86_400,
  sessionsMax: 28,
  holidaysMax: 100,
  /** Lots travel at 2 decimals (0.01 lot); at most a million lots a contract. */
  lotsMax: '1000000',
  contractSizeMax: '1000000000',
  logoBytesMax: 256 * 1024,
} as const;

const typeValue = z.literal([1, 2, 3, 4, 5]);
const lots = amountString(2, { positive: true });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

export const adminInstrumentsQuery = z.strictObject({
  keyword: text().trim().max(32).optional(),
  type: z.coerce.number().pipe(typeValue).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminInstrumentsQuery = z.infer<typeof adminInstrumentsQuery>;

export const adminInstrument = z.object({
  id: z.string(),
  code: z.string(),
  type: z.number().int().min(1).max(5),
  etf: z.boolean(),
  appName: z.string(),
  name: z.string(),
  /** What customers see: the uploaded logo, else the one generated from the code. */
  logo: z.string(),
  customLogo: z.boolean(),
  quote: z.string(),
  lotSize: decimalString,
  minLots: decimalString,
  maxLots: decimalString,
  contractSize: decimalString,
  leverages: z.array(z.number().int().positive()),
  /** The category's cap (`leverageCaps`). */
  leverageCap: z.number().int().positive(),
  feeBps: z.number().int().min(0),
  terms: z.array(contractTerm),
  tradingHours,
  enabled: z.boolean(),
  /** Contracts open on it now, in either book: they keep their terms and settle whatever changes. */
  openPositions: z.number().int().min(0),
  updatedAt: z.number().int().nullable(),
});
export type AdminInstrument = z.infer<typeof adminInstrument>;

export const adminTradingHoursBody = z.strictObject({
  /** An IANA zone (`America/New_York`, `UTC`); the server checks it names a real zone. */
  timeZone: text().trim().min(1).max(64),
  alwaysOpen: z.boolean(),
  sessions: z
    .array(
      z.strictObject({
        openDay: z.number().int().min(0).max(6),
        open: clock,
        closeDay: z.number().int().min(0).max(6),
        close: clock,
      }),
    )
    .max(instrumentBounds.sessionsMax),
  holidays: z.array(isoDate).max(instrumentBounds.holidaysMax),
});
export type AdminTradingHoursBody = z.infer<typeof adminTradingHoursBody>;

/** A partial update: only the fields sent change, and at least one must be sent beside the reason. */
export const adminInstrumentUpdateBody = z
  .strictObject({
    appName: text().trim().min(1).max(40).optional(),
    name: text().trim().min(1).max(120).optional(),
    /** A PNG or JPEG data URL (re-encoded by the server), or null for the logo generated from the code. */
    logo: text()
      .max(Math.ceil((instrumentBounds.logoBytesMax * 4) / 3) + 64)
      .nullable()
      .optional(),
    type: typeValue.optional(),
    etf: z.boolean().optional(),
    lotSize: lots.optional(),
    minLots: lots.optional(),
    maxLots: lots.optional(),
    contractSize: z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .optional(),
    leverages: z
      .array(z.number().int().min(1).max(1000))
      .min(1)
      .max(instrumentBounds.leverageChoicesMax)
      .optional(),
    feeBps: z.number().int().min(0).max(instrumentBounds.feeBpsMax).optional(),
    /** Contract terms in seconds (each becomes a term the customer picks). */
    termSeconds: z
      .array(z.number().int().min(instrumentBounds.termSecondsMin).max(instrumentBounds.termSecondsMax))
      .min(1)
      .max(instrumentBounds.contractTermsMax)
      .optional(),
    tradingHours: adminTradingHoursBody.optional(),
    enabled: z.boolean().optional(),
    /** Disabling while contracts are open on it: they stay open and settle as usual (else 10148). */
    confirmOpenPositions: z.literal(true).optional(),
    reason: text().trim().min(1).max(500),
  })
  .refine(
    (b) => Object.keys(b).some((k) => k !== 'reason' && k !== 'confirmOpenPositions'),
    'nothing to change',
  );
export type AdminInstrumentUpdateBody = z.infer<typeof adminInstrumentUpdateBody>;

export const catalogueIdParams = z.strictObject({ id: idString });

/** Texts by locale code; English is required, other languages fall back to it. */
const localizedTexts = (max: number) =>
  z.record(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/), text().trim().min(1).max(max));
const productCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{2,40}$/);

/** A daily rate as a fraction per day ("0.0005" is 0.05 % a day), at most 8 decimals. */
const dailyRate = z.string().regex(/^0(\.\d{1,8})?$/);

export const adminSmartPlanBody = z.strictObject({
  days: z.number().int().min(1).max(3650),
  dailyRate,
});

const smartFields = {
  names: localizedTexts(80),
  descriptions: localizedTexts(2000),
  minAmount: amountString(usdtScale, { positive: true }),
  maxAmount: amountString(usdtScale, { positive: true }),
  earlyExitPenaltyPct: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/),
  plans: z.array(adminSmartPlanBody).min(1).max(12),
  enabled: z.boolean(),
};

export const adminSmartProductCreateBody = z.strictObject({
  code: productCode,
  ...smartFields,
  reason: text().trim().min(1).max(500),
});
export type AdminSmartProductCreateBody = z.infer<typeof adminSmartProductCreateBody>;

export const adminSmartProductUpdateBody = z
  .strictObject({
    names: smartFields.names.optional(),
    descriptions: smartFields.descriptions.optional(),
    minAmount: smartFields.minAmount.optional(),
    maxAmount: smartFields.maxAmount.optional(),
    earlyExitPenaltyPct: smartFields.earlyExitPenaltyPct.optional(),
    plans: smartFields.plans.optional(),
    enabled: z.boolean().optional(),
    reason: text().trim().min(1).max(500),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'nothing to change');
export type AdminSmartProductUpdateBody = z.infer<typeof adminSmartProductUpdateBody>;

export const adminLoanProduct = z.object({
  id: z.string(),
  code: z.string(),
  names: z.record(z.string(), z.string()),
  minAmount: decimalString,
  maxAmount: decimalString,
  termDays: z.number().int(),
  freeDays: z.number().int(),
  /** Interest per interest-bearing day as a fraction of the amount ("0.0005" is 0.05 % a day). */
  dailyRate: decimalString,
  enabled: z.boolean(),
  /** Loans under review, repaying or overdue on it: they keep the terms they were agreed at. */
  activeLoans: z.number().int().min(0),
  updatedAt: z.number().int().nullable(),
});
export type AdminLoanProduct = z.infer<typeof adminLoanProduct>;

/** Loan rates are kept in millionths: at most 6 decimals, at most 1 % a day (the table's check). */
const loanDailyRate = z.string().regex(/^0(\.\d{1,6})?$/);

const loanFields = {
  names: localizedTexts(80),
  minAmount: amountString(usdtScale, { positive: true }),
  maxAmount: amountString(usdtScale, { positive: true }),
  termDays: z.number().int().min(1).max(3650),
  freeDays: z.number().int().min(0).max(3650),
  dailyRate: loanDailyRate,
  enabled: z.boolean(),
};

export const adminLoanProductCreateBody = z.strictObject({
  code: productCode,
  ...loanFields,
  reason: text().trim().min(1).max(500),
});
export type AdminLoanProductCreateBody = z.infer<typeof adminLoanProductCreateBody>;

export const adminLoanProductUpdateBody = z
  .strictObject({
    names: loanFields.names.optional(),
    minAmount: loanFields.minAmount.optional(),
    maxAmount: loanFields.maxAmount.optional(),
    termDays: loanFields.termDays.optional(),
    freeDays: loanFields.freeDays.optional(),
    dailyRate: loanFields.dailyRate.optional(),
    enabled: z.boolean().optional(),
    reason: text().trim().min(1).max(500),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'nothing to change');
export type AdminLoanProductUpdateBody = z.infer<typeof adminLoanProductUpdateBody>;
