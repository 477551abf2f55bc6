// What each system parameter may hold, so the back office refuses a value its reader would reject (a
// withdrawal stopped by 10018 because an operator typed "1%"). The bounds follow each reader's own check:
// wallet/withdraw-settings.ts, wallet/deposit-settings.ts, orders/open.ts, smart/admin.ts, admin/adjustments.ts.
import { operatorNotLicensed, paramKeys, type EditableParamKey } from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import type { FieldProblem } from '../platform/errors.ts';

export type ParamSpec =
  | { kind: 'decimal'; min: string; max: string; scale: number; minExclusive?: boolean }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'url' | 'noticeId' | 'email' | 'phone' | 'text' | 'licence' };

const usdt = assets.USDT.scale;
const amount = (max: string): ParamSpec => ({ kind: 'decimal', min: '0', max, scale: usdt });
const count = (min: number, max: number): ParamSpec => ({ kind: 'integer', min, max });

/** Every parameter the back office may change; the derived ones (`deposit_min`, `features`) are read-only. */
export const paramSpecs: Record<EditableParamKey, ParamSpec> = {
  min_invest_usd: amount('1000000000'),
  /** A fraction of the amount below 1 (withdraw-fee.ts `parseFeeRatePpm`), at most 6 places (ppm). */
  withdraw_fee_rate: { kind: 'decimal', min: '0', max: '0.5', scale: 6 },
  withdraw_amount_min: amount('1000000000'),
  withdraw_fee_min: amount('1000000000'),
  withdraw_pending_max: count(1, 1000),
  /** Hours, at most a week (wallet/withdraw-cooldown.ts). */
  withdraw_method_cooldown_h: count(0, 168),
  loan_free_days: count(0, 3650),
  /** A fraction of what is owed per day, at most 1 % (loan-math `loanRateScale`: 6 places). */
  loan_overdue_daily_rate: { kind: 'decimal', min: '0', max: '0.01', scale: 6 },
  loan_limit_per_customer: amount('1000000000'),
  smart_early_exit_penalty_pct: { kind: 'decimal', min: '0', max: '100', scale: 2 },
  /** Percent a day, above 0 and at most 1 (smart/admin.ts `rateCapE8`). */
  smart_daily_rate_max: { kind: 'decimal', min: '0', max: '1', scale: 6, minExclusive: true },
  adjustment_amount_max: amount('1000000000'),
  adjustment_amount_max_superadmin: amount('1000000000'),
  support_chat_url: { kind: 'url' },
  app_download_url: { kind: 'url' },
  notice_content_id: { kind: 'noticeId' },
  deposit_pending_max: count(1, 1000),
  deposit_rate_tolerance_bps: count(0, 1000),
  /** Percent of the shown price, 2 places, at most 10 (orders/open.ts `slippageHundredths`). */
  max_slippage_pct: { kind: 'decimal', min: '0', max: '10', scale: 2 },
  /** Seconds (market/feed.ts `refreshStaleAfter`): at least 2 (one missed poll), at most an hour. */
  price_stale_after_s: count(2, 3600),
  invite_reward_usdt: amount('1000000'),
  contact_email: { kind: 'email' },
  contact_phone: { kind: 'phone' },
  operator_name: { kind: 'text' },
  operator_address: { kind: 'text' },
  operator_registration: { kind: 'text' },
  operator_licence: { kind: 'licence' },
  operator_email: { kind: 'email' },
  charity_name: { kind: 'text' },
  charity_registration: { kind: 'text' },
  charity_website: { kind: 'url' },
};

/** Shown to customers as plain text: an address a mail client accepts, a dialable number, one short line. */
const emailPattern = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[a-z]{2,}$/i;
const phonePattern = /^\+?[0-9 ()-]{4,30}$/;
// No control characters (line breaks, NUL) and no markup: the value is rendered as text in one line.
const plainLinePattern = /^[^\p{Cc}<>]{1,200}$/u;

export const isPublicParam = (key: string): boolean => (paramKeys as readonly string[]).includes(key);

/**
 * The value as stored (trimmed), or the problem to show under the field. A notice id's existence is checked
 * by the caller, which has the database.
 */
export function checkParam(spec: ParamSpec, raw: string): { value: string } | { problem: FieldProblem } {
  const value = raw.trim();
  switch (spec.kind) {
    case 'decimal': {
      const parsed = tryParseDecimal(value, spec.scale);
      if (!/^\d+(\.\d+)?$/.test(value) || parsed === undefined) {
        const places = /^\d+\.\d+$/.test(value);
        return {
          problem: places ? { key: 'decimalPlaces', params: { scale: spec.scale } } : { key: 'invalid' },
        };
      }
      const min = tryParseDecimal(spec.min, spec.scale) ?? 0n;
      const max = tryParseDecimal(spec.max, spec.scale) ?? 0n;
      if (parsed < min || (spec.minExclusive && parsed === min))
        return { problem: { key: spec.minExclusive ? 'aboveZero' : 'tooSmall', params: { min: spec.min } } };
      if (parsed > max) return { problem: { key: 'tooBig', params: { max: spec.max } } };
      return { value };
    }
    case 'integer': {
      if (!/^\d{1,9}$/.test(value)) return { problem: { key: 'invalid' } };
      const n = Number(value);
      if (n < spec.min) return { problem: { key: 'tooSmall', params: { min: spec.min } } };
      if (n > spec.max) return { problem: { key: 'tooBig', params: { max: spec.max } } };
      return { value: String(n) };
    }
    case 'url':
      return value === '' || isHttpsUrl(value) ? { value } : { problem: { key: 'httpsUrl' } };
    case 'noticeId':
      return value === '' || /^[1-9]\d{0,15}$/.test(value)
        ? { value }
        : { problem: { key: 'noticeUnknown' } };
    case 'email':
      return value === '' || (value.length <= 254 && emailPattern.test(value))
        ? { value }
        : { problem: { key: 'contactEmail' } };
    case 'phone':
      return value === '' || (phonePattern.test(value) && /\d{4}/.test(value.replace(/\D/g, '')))
        ? { value }
        : { problem: { key: 'contactPhone' } };
    case 'text':
      return value === '' || plainLinePattern.test(value) ? { value } : { problem: { key: 'plainLine' } };
    case 'licence':
      // "Not licensed" in any case is stored in one spelling, which the apps say in the reader's language.
      if (value.toLowerCase() === operatorNotLicensed) return { value: operatorNotLicensed };
      return value === '' || plainLinePattern.test(value) ? { value } : { problem: { key: 'plainLine' } };
  }
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}
