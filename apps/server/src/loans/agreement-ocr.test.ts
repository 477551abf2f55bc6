// What a person sees on the agreement PDF: each language's signed copy drawn by poppler (pdftoppm, the
// renderer of Linux PDF viewers) and read back by OCR (tesseract), which must find most of the agreement's
// words. The text layer (agreement.test.ts) cannot see a missing glyph: when pdf-lib's font subsetter left
// most letters blank in 9 languages, pdftotext still read every word.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { locales } from '@tradewind/i18n/locales';
import type { Locale } from '../platform/i18n.ts';
import { agreementText, renderAgreement, signedAtText, stampSignature } from './agreement.ts';
import { sampleAgreementInput } from './agreement-sample.ts';

const run = promisify(execFile);

const missing = ['tesseract', 'pdftoppm'].filter((cmd) => spawnSync(cmd, ['-v']).error);

/** Tesseract's trained data for each language (Debian tesseract-ocr-eng, -deu, …, -chi-tra). */
const ocrLanguage: Record<Locale, string> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  it: 'ita',
  es: 'spa',
  ja: 'jpn',
  ko: 'kor',
  'zh-TW': 'chi_tra',
  'zh-CN': 'chi_sim',
  ar: 'ara',
  th: 'tha',
};

/**
 * Written without spaces between words, so compared by pairs of adjacent characters. Word segments
 * (Intl.Segmenter) would be dictionary guesses that a single misread character re-cuts, and many are one
 * character long — a particle such as の or 的 is somewhere on any page, read right or not. A pair is found
 * only where two characters were read in a row, and a misread character costs the two pairs it is in.
 */
const unspaced = new Set<Locale>(['ja', 'zh-TW', 'zh-CN', 'th']);

/**
 * The share of the agreement's words (or character pairs) that OCR must find. Measured with Debian
 * bookworm's tesseract 5.3: with the fonts of pdf-lib's subsetter (letters missing), Latin-script languages
 * 0.01–0.03, Korean 0.10, Japanese and Chinese 0.01–0.05; with HarfBuzz's, Latin-script 0.94–1, Japanese and
 * Chinese 0.97–0.99, Korean 0.91 (the Korean model misreads Latin words: Tradewind, USDT). Arabic and Thai
 * drew the same either way: Thai 0.89, Arabic 0.67 — where a letter's dots are placed by the font's mark
 * positioning (GPOS), which `drawLine` does not apply, they stand beside it and OCR reads ض as ص or a final
 * ي as ى; and the Arabic model misreads the Latin words. Each bar stands well above the reading of missing
 * glyphs and below the measured one.
 */
const minRecall: Record<Locale, number> = {
  en: 0.8,
  de: 0.8,
  fr: 0.8,
  it: 0.8,
  es: 0.8,
  ja: 0.8,
  ko: 0.8,
  'zh-TW': 0.8,
  'zh-CN': 0.8,
  th: 0.75,
  ar: 0.55,
};

/**
 * The share of the signing time's own words (those the agreement does not have: the time, "UTC",
 * "electronically") that OCR must find; only the stamp's fonts can draw them. They are 4 to 19 units, so
 * one misread moves the share by up to a quarter. Measured: 0–0.2 with pdf-lib's subsetter in the Latin
 * and CJK languages; with HarfBuzz's 1, Thai 0.84, Korean 0.67 (AM and UTC misread), Arabic 0.67 (UTC,
 * and وقعت with its dots beside it).
 */
const minStampRecall = 0.5;

/**
 * Case, the compatibility forms (full-width ：（） of CJK, ligatures), Arabic's optional vowel marks and its
 * stretching stroke (tatweel) do not change what a reader reads, and OCR often gives the other form.
 */
const normalize = (text: string, locale: Locale) =>
  text
    .normalize('NFKC')
    .toLocaleLowerCase(locale)
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '');

/** The units compared: words where words are spaced, else pairs of adjacent characters within a line. */
function units(text: string, locale: Locale): Set<string> {
  const lines = normalize(text, locale).split('\n');
  if (unspaced.has(locale)) {
    return new Set(
      lines.flatMap((line) => {
        const chars = [...line.replace(/\s+/g, '')];
        return chars.slice(1).map((ch, i) => `${chars[i] ?? ''}${ch}`);
      }),
    );
  }
  const words = new Intl.Segmenter(locale, { granularity: 'word' });
  return new Set(
    lines.flatMap((line) => [...words.segment(line)].filter((s) => s.isWordLike).map((s) => s.segment)),
  );
}

/**
 * The share of `expected`'s units, less those in `besides`, that `seen` has; unspaced text is searched
 * across its line breaks.
 */
function recall(expected: string, seen: string, locale: Locale, besides = ''): number {
  const elsewhere = units(besides, locale);
  const want = [...units(expected, locale)].filter((u) => !elsewhere.has(u));
  let found: (unit: string) => boolean;
  if (unspaced.has(locale)) {
    const joined = normalize(seen, locale).replace(/\s+/g, '');
    found = (u) => joined.includes(u);
  } else {
    const words = units(seen, locale);
    found = (u) => words.has(u);
  }
  return want.filter(found).length / want.length;
}

/** Every page at 150 dpi, read by tesseract in the document's language. */
async function ocr(pdf: Uint8Array, locale: Locale): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-agreement-ocr-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), pdf);
    await run('pdftoppm', ['-r', '150', '-png', path.join(dir, 'a.pdf'), path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    // One tesseract process for all pages: it loads the language's trained data once. One OpenMP thread:
    // its default (a thread per core, spinning while they wait) read the same text with about 5 s of CPU
    // per language instead of 1.1 s, taken from the other test file running on a 2-core box.
    await writeFile(path.join(dir, 'pages.txt'), pages.map((f) => path.join(dir, f)).join('\n'));
    const { stdout } = await run('tesseract', [path.join(dir, 'pages.txt'), '-', '-l', ocrLanguage[locale]], {
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const input = sampleAgreementInput;
const signedAtMs = Date.UTC(2026, 10, 22, 11, 5);

describe.skipIf(missing.length > 0)(
  missing.length > 0
    ? `the agreement as seen (skipped: ${missing.join(' and ')} not installed — Debian tesseract-ocr-*, poppler-utils)`
    : 'the agreement as seen',
  () => {
    it.each(locales)(
      'in %s, OCR of the signed copy reads most of the agreement and the signing time',
      async (locale) => {
        const signature = await sharp({
          create: { width: 320, height: 120, channels: 4, background: { r: 10, g: 20, b: 90, alpha: 1 } },
        })
          .png()
          .toBuffer();
        // The signed copy is the issued pages with the stamp added: reading it reads the issued copy's
        // fonts and the fonts the stamp embeds for the signing time.
        const signed = await stampSignature(
          await renderAgreement(input(locale)),
          signature,
          signedAtMs,
          locale,
        );
        const seen = await ocr(signed, locale);
        const body = recall(agreementText(input(locale)), seen, locale);
        const stamp = recall(signedAtText(signedAtMs, locale), seen, locale, agreementText(input(locale)));
        console.info(`OCR recall ${locale}: agreement ${body.toFixed(3)}, signing time ${stamp.toFixed(3)}`);
        expect(body, `${locale}: the agreement's words`).toBeGreaterThanOrEqual(minRecall[locale]);
        expect(stamp, `${locale}: the signing time's own words`).toBeGreaterThanOrEqual(minStampRecall);
      },
      120_000,
    );
  },
);
