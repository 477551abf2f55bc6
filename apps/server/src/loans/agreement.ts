// The loan agreement as a PDF (issue 10 "Loans"): written in the customer's language from the terms of the
// product and amount asked for, and later the same bytes with the signature image and the signing time
// stamped on the last page. Document dates are set from the issue and signing times, so the output depends
// only on its inputs (HarfBuzz's font subsets depend only on the text, and pdf-lib's font name suffixes
// come from a fixed-seed generator).
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { formatMinor } from '@tradewind/contract/money';
import {
  interestDays,
  loanInterestMinor,
  loanRepayDateMs,
  loanRepayMinor,
  type LoanTermsInput,
} from '@tradewind/contract/loan-math';
import type { Locale } from '../platform/i18n.ts';
import { agreementTexts, type AgreementText } from './agreement-texts.ts';
import { usdt } from './view.ts';
import { drawLine, embedFonts, savePdf, wrap, type Box, type Fonts } from './pdf.ts';

export type AgreementInput = {
  locale: Locale;
  issuedAtMs: number;
  productName: string;
  terms: LoanTermsInput;
  /** The late cost the agreement states (`loan_overdue_daily_rate` when issued), ppm a day. */
  overdueRatePpm: bigint;
  borrower: { name: string; userName: string; userId: number };
};

const page = { width: 595.28, height: 841.89, margin: 56 } as const;
const box: Box = { left: page.margin, right: page.width - page.margin };
const body = { size: 10.5, leading: 16 } as const;
/** The signature area at the foot of the last page: the signature image and the signing time go here. */
const signatureArea = { top: 210, imageBottom: 96, imageMaxWidth: 220, imageMaxHeight: 80, timeY: 76 };

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );

/** The daily rate as a percentage: 500 ppm → "0.05". */
const percent = (ppm: bigint) => formatMinor(ppm, 4);

/** A date in the language, Latin digits (the amounts beside it use them too), in UTC. */
function dateOf(ms: number, locale: Locale, withTime = false): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(ms));
}

type Block = { text: string; kind: 'title' | 'heading' | 'body' | 'item' };

function blocksOf(t: AgreementText, input: AgreementInput): Block[] {
  const { terms } = input;
  const params = {
    date: dateOf(input.issuedAtMs, input.locale),
    product: input.productName,
    name: input.borrower.name,
    userName: input.borrower.userName,
    userId: input.borrower.userId,
    amount: usdt(terms.amountMinor),
    termDays: terms.termDays,
    freeDays: terms.freeDays,
    dailyRate: percent(terms.dailyRatePpm),
    interestDays: interestDays(terms.termDays, terms.freeDays),
    interest: usdt(loanInterestMinor(terms)),
    repayAmount: usdt(loanRepayMinor(terms)),
    repayDate: dateOf(loanRepayDateMs(input.issuedAtMs, terms.termDays), input.locale),
    lateRate: percent(input.overdueRatePpm),
  };
  const b = (kind: Block['kind'], template: string): Block => ({ kind, text: fill(template, params) });
  return [
    b('title', t.title),
    b('body', t.issued),
    b('heading', t.partiesHeading),
    b('item', t.lender),
    b('item', t.borrower),
    b('heading', t.termsHeading),
    ...[
      t.amount,
      t.term,
      t.freeDays,
      t.dailyRate,
      t.interestDays,
      t.interest,
      t.repayAmount,
      t.repayDate,
      t.lateRate,
    ].map((line) => b('item', line)),
    b('body', t.formula),
    b('heading', t.disbursementHeading),
    b('body', t.disbursement),
    b('heading', t.repaymentHeading),
    b('body', t.repayment),
    b('heading', t.lateHeading),
    b('body', t.late),
    b('heading', t.governingHeading),
    b('body', t.governing),
  ];
}

const style = {
  title: { size: 18, leading: 28, before: 0, indent: 0 },
  heading: { size: 12, leading: 18, before: 10, indent: 0 },
  body: { size: body.size, leading: body.leading, before: 4, indent: 0 },
  item: { size: body.size, leading: body.leading, before: 0, indent: 12 },
} as const;

/** Every string the unsigned agreement draws, one a line (its fonts hold these characters and no others). */
export function agreementText(input: AgreementInput): string {
  const t = agreementTexts[input.locale];
  return [...blocksOf(t, input).map((b) => b.text), t.signatureHeading].join('\n');
}

/** The line the signed copy adds under the signature image. */
export function signedAtText(signedAtMs: number, locale: Locale): string {
  return fill(agreementTexts[locale].signedAt, { date: `${dateOf(signedAtMs, locale, true)} UTC` });
}

/** The agreement PDF, unsigned, ending with an empty signature area on its last page. */
export async function renderAgreement(input: AgreementInput): Promise<Uint8Array> {
  const t = agreementTexts[input.locale];
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, input.locale, agreementText(input));
  let current = doc.addPage([page.width, page.height]);
  let y = page.height - page.margin;
  for (const block of blocksOf(t, input)) {
    const s = style[block.kind];
    // The indent is on the side the text starts from.
    const inner: Box = fonts.rtl
      ? { left: box.left, right: box.right - s.indent }
      : { left: box.left + s.indent, right: box.right };
    const lines = wrap(block.text, fonts, s.size, inner.right - inner.left);
    y -= s.before;
    for (const line of lines) {
      if (y - s.leading < page.margin) {
        current = doc.addPage([page.width, page.height]);
        y = page.height - page.margin;
      }
      y -= s.leading;
      drawLine(current, line, fonts, {
        y,
        size: s.size,
        box: inner,
        bold: block.kind !== 'body' && block.kind !== 'item',
      });
    }
  }
  // The signature area needs the foot of the last page to itself.
  if (y - 20 < signatureArea.top) current = doc.addPage([page.width, page.height]);
  drawSignatureArea(current, t, fonts);
  setDates(doc, input.issuedAtMs, t.title);
  return savePdf(doc, fonts);
}

function drawSignatureArea(p: PDFPage, t: AgreementText, fonts: Fonts): void {
  const top = signatureArea.top - 24;
  drawLine(p, t.signatureHeading, fonts, { y: top, size: 12, box, bold: true });
  p.drawRectangle({
    x: box.left,
    y: signatureArea.imageBottom - 30,
    width: box.right - box.left,
    height: top - signatureArea.imageBottom + 18,
    borderColor: rgb(0.75, 0.75, 0.78),
    borderWidth: 0.75,
  });
}

const inset = (b: Box): Box => ({ left: b.left + 10, right: b.right - 10 });

function setDates(doc: PDFDocument, atMs: number, title: string): void {
  const at = new Date(atMs);
  doc.setTitle(title);
  doc.setProducer('Tradewind');
  doc.setCreator('Tradewind');
  doc.setCreationDate(at);
  doc.setModificationDate(at);
}

/**
 * The signed copy: the agreement as issued, with the signature image and the signing time in the signature
 * area of its last page. `png` is a PNG already checked by sharp.
 */
export async function stampSignature(
  issued: Uint8Array,
  png: Uint8Array,
  signedAtMs: number,
  locale: Locale,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(issued, { updateMetadata: false });
  const when = signedAtText(signedAtMs, locale);
  // The fonts of the issued copy hold only its own characters; the signing time gets fonts of its own.
  const fonts = await embedFonts(doc, locale, when);
  const last = doc.getPage(doc.getPageCount() - 1);
  const image = await doc.embedPng(png);
  const scale = Math.min(
    signatureArea.imageMaxWidth / image.width,
    signatureArea.imageMaxHeight / image.height,
    1,
  );
  const width = image.width * scale;
  const inner = inset(box);
  last.drawImage(image, {
    x: fonts.rtl ? inner.right - width : inner.left,
    y: signatureArea.imageBottom,
    width,
    height: image.height * scale,
  });
  drawLine(last, when, fonts, { y: signatureArea.timeY, size: body.size, box: inner });
  doc.setModificationDate(new Date(signedAtMs));
  return savePdf(doc, fonts);
}
