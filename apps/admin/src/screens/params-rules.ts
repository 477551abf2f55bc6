// The parameter editor's own checks, mirroring the server's (settings/param-specs.ts) so an obvious mistake
// is named before anything is sent; the server checks again and its words are shown under the field.
import type { AdminParam } from '@tradewind/contract';
import { parseAmount } from '@tradewind/contract/money';

export type Problem = {
  key:
    | 'invalidDecimal'
    | 'invalidInteger'
    | 'invalidUrl'
    | 'invalidNotice'
    | 'invalidEmail'
    | 'invalidPhone'
    | 'invalidText';
};

export function checkValue(param: AdminParam, raw: string): Problem | null {
  const value = raw.trim();
  switch (param.kind) {
    case 'decimal': {
      const scale = param.scale ?? 0;
      const parsed = /^\d+(\.\d+)?$/.test(value) ? parseAmount(value, scale) : undefined;
      const min = parseAmount(param.min ?? '0', scale) ?? 0n;
      const max = parseAmount(param.max ?? '0', scale) ?? 0n;
      return parsed === undefined || parsed < min || parsed > max ? { key: 'invalidDecimal' } : null;
    }
    case 'integer': {
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      return Number.isNaN(n) || n < Number(param.min) || n > Number(param.max)
        ? { key: 'invalidInteger' }
        : null;
    }
    case 'url':
      return value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value) ? null : { key: 'invalidUrl' };
    case 'noticeId':
      return value === '' || /^[1-9]\d{0,15}$/.test(value) ? null : { key: 'invalidNotice' };
    case 'email':
      return value === '' || /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(value) ? null : { key: 'invalidEmail' };
    case 'phone':
      return value === '' || /^\+?[0-9 ()-]{4,30}$/.test(value) ? null : { key: 'invalidPhone' };
    case 'text':
    case 'licence':
      return value === '' || (value.length <= 200 && !/[\p{Cc}<>]/u.test(value))
        ? null
        : { key: 'invalidText' };
    case 'derived':
      return null;
  }
}
