// The agreement inputs the PDF tests draw (agreement.test.ts reads the text layer, agreement-ocr.test.ts what a
// person sees): one set, so both read the same document.
import type { Locale } from '../platform/i18n.ts';
import type { AgreementInput } from './agreement.ts';

export const sampleAgreementInput = (locale: Locale): AgreementInput => ({
  locale,
  issuedAtMs: Date.UTC(2026, 10, 22, 10),
  productName: 'Quick loan',
  terms: { amountMinor: 1234_560000n, dailyRatePpm: 500n, termDays: 30, freeDays: 7 },
  overdueRatePpm: 1000n,
  borrower: { name: 'Ada Lovelace', userName: 'ada', userId: 42 },
});
