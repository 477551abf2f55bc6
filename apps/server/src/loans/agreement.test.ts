// The agreement PDF read back as text (pdftotext, Debian's poppler-utils) in each of the 11 languages: the
// amount, the repayment amount and a phrase of the language are there, Arabic in reading order; and every
// language's text has the same keys and placeholders.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { locales } from '@tradewind/i18n/locales';
import type { Locale } from '../platform/i18n.ts';
import { renderAgreement, stampSignature } from './agreement.ts';
import { sampleAgreementInput } from './agreement-sample.ts';
import { agreementTexts } from './agreement-texts.ts';

const run = promisify(execFile);

async function textOf(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-agreement-'));
  try {
    const file = path.join(dir, 'a.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/[\u200e\u200f\u202a-\u202e]/g, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A phrase of each language that only a correct rendering (shaping, order, font) extracts as written. */
const phrases: Record<Locale, string> = {
  en: 'Late repayment',
  ja: 'ローン契約書',
  ko: '대출 계약서',
  de: 'Darlehensvertrag',
  fr: 'Contrat de prêt',
  it: 'Contratto di prestito',
  es: 'Contrato de préstamo',
  ar: 'التأخر في السداد',
  th: 'สัญญากู้ยืมเงิน',
  'zh-TW': '借款合約',
  'zh-CN': '借款合同',
};

const input = sampleAgreementInput;

describe('the agreement PDF', () => {
  it.each(locales)(
    'reads back in %s with the amount, the repayment amount and its own words',
    async (locale) => {
      const text = await textOf(await renderAgreement(input(locale)));
      expect(text).toContain('1234.56');
      // 1234.56 × 0.0005 × 23 = 14.19744; + 1234.56
      expect(text).toContain('1248.75744');
      expect(text).toContain(phrases[locale]);
      expect(text).toContain('Tradewind');
    },
  );

  it('reads Arabic right to left in reading order, numbers left to right inside it', async () => {
    const text = await textOf(await renderAgreement(input('ar')));
    expect(text).toContain('مبلغ القرض');
    expect(text).toMatch(/تاريخ السداد[^\n]*بعد[^\n]*30[^\n]*يومًا/);
  });

  it('is the same bytes for the same inputs (what the server keeps by its SHA-256)', async () => {
    const [a, b] = await Promise.all([renderAgreement(input('ja')), renderAgreement(input('ja'))]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('carries the signing time once signed', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 200, height: 80, channels: 4, background: '#123' } })
      .png()
      .toBuffer();
    const signed = await stampSignature(
      await renderAgreement(input('de')),
      png,
      Date.UTC(2026, 10, 22, 11, 5),
      'de',
    );
    const text = await textOf(signed);
    expect(text).toContain('Elektronisch unterschrieben am 22. November 2026');
    expect(text).toContain('11:05');
  });

  it('has the same keys and placeholders in every language', () => {
    const shape = (l: Locale) =>
      Object.entries(agreementTexts[l]).map(
        ([k, v]) => `${k}:${[...v.matchAll(/\{\{\w+\}\}/g)].sort().join()}`,
      );
    for (const l of locales) expect([l, shape(l)]).toEqual([l, shape('en')]);
  });
});
