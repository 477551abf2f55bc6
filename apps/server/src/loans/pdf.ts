// Text on PDF pages in any of the 11 languages with pdf-lib: the Noto Sans font of the language (cut down by
// HarfBuzz to the characters the document draws, so a PDF carries kilobytes of font, not the megabytes of
// a CJK file), Latin fallback for what that font lacks, line breaking at the language's word boundaries
// (Intl.Segmenter: Thai and CJK have no spaces), and Arabic right to left — fontkit shapes each run
// (joining forms) and lays an Arabic run out in visual order; the runs of a line are ordered by the Unicode
// bidi algorithm (bidi-js), so numbers and Latin words inside Arabic read left to right where they stand.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import subsetFont from 'subset-font';
import {
  Cache,
  CustomFontEmbedder,
  degrees,
  drawText,
  PDFFont,
  PDFHexString,
  PDFOperator,
  PDFOperatorNames,
  rgb,
  toHexStringOfMinLength,
  type PDFDocument,
  PDFName,
  type PDFPage,
} from 'pdf-lib';
import type { Locale } from '../platform/i18n.ts';

const require = createRequire(import.meta.url);

const fontFiles = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  ja: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  ko: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  tc: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  th: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  ar: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
} as const;
type FontName = keyof typeof fontFiles;

/** The script font of each language; Latin-script languages use Noto Sans alone. */
const scriptFont: Record<Locale, FontName | undefined> = {
  en: undefined,
  de: undefined,
  fr: undefined,
  it: undefined,
  es: undefined,
  ja: 'ja',
  ko: 'ko',
  'zh-TW': 'tc',
  'zh-CN': 'sc',
  th: 'th',
  ar: 'ar',
};

type FontFile = { bytes: Buffer; hasGlyph: (codePoint: number) => boolean };
const loaded = new Map<FontName, FontFile>();

/** The font's bytes, read once per process (the CJK files are several megabytes). */
function fontFile(name: FontName): FontFile {
  let file = loaded.get(name);
  if (!file) {
    const bytes = readFileSync(require.resolve(fontFiles[name]));
    const font = fontkit.create(bytes);
    file = { bytes, hasGlyph: (cp) => font.hasGlyphForCodePoint(cp) };
    loaded.set(name, file);
  }
  return file;
}

type Glyph = ReturnType<CustomFontEmbedder['font']['getGlyph']>;

/**
 * pdf-lib's embedder of a whole font (here one HarfBuzz has already cut down) that lists in the PDF the
 * widths (W) and Unicode values (ToUnicode) of the glyphs the text was laid out into. pdf-lib's own lists
 * only the glyphs the font's cmap reaches, so a glyph that shaping substitutes (Arabic joining forms, Thai
 * marks, the "fi" ligature) got the default width of 1000 units, a gap after it, and no text.
 */
class LaidOutGlyphsEmbedder extends CustomFontEmbedder {
  /** By glyph id, each with the characters of its first use. */
  private readonly used = new Map<number, Glyph>();

  static of(bytes: Uint8Array): LaidOutGlyphsEmbedder {
    return new LaidOutGlyphsEmbedder(bytes);
  }

  private constructor(bytes: Uint8Array) {
    super(fontkit.create(bytes), bytes);
    this.glyphCache = Cache.populatedBy(() => [...this.used.values()].sort((a, b) => a.id - b.id));
  }

  get isUsed(): boolean {
    return this.used.size > 0;
  }

  override encodeText(text: string): PDFHexString {
    const { glyphs } = this.font.layout(text, this.fontFeatures);
    for (const g of glyphs) if (!this.used.has(g.id)) this.used.set(g.id, g);
    this.glyphCache.invalidate();
    return PDFHexString.of(glyphs.map((g) => toHexStringOfMinLength(g.id, 4)).join(''));
  }
}

type Face = { pdf: PDFFont; embedder: LaidOutGlyphsEmbedder; hasGlyph: (codePoint: number) => boolean };
/**
 * The fonts of one document: the language's own first, then Latin. `chars`: the characters they were cut
 * down to; drawing any other is a programmer error (its glyph is not in the PDF).
 */
export type Fonts = {
  faces: [Face, ...Face[]];
  bold: Face;
  rtl: boolean;
  shaped: boolean;
  locale: Locale;
  chars: ReadonlySet<string>;
};

const bidi = bidiFactory();

/**
 * The language's fonts for drawing `text` (every string the document will draw with them, in any order);
 * save the document with `savePdf`. pdf-lib's own subsetter (`embedFont` with `subset: true`, fontkit's)
 * drops glyphs: poppler and Chromium showed most letters blank in 9 of the 11 languages while the text
 * layer read fine (Hopding/pdf-lib #1232, #494). So HarfBuzz (hb-subset) cuts each font down and pdf-lib
 * embeds that font as it is. HarfBuzz keeps every glyph the layout tables reach from these characters
 * (Arabic joining forms, Thai marks, ligatures), which fontkit's shaping in `drawLine` picks, and its
 * output depends only on its input, so the same document is the same bytes.
 */
export async function embedFonts(doc: PDFDocument, locale: Locale, text: string): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const rtl = locale === 'ar';
  // A right-to-left run that fontkit does not lay out is drawn with its brackets mirrored (`visualPieces`).
  const drawn = rtl ? [...text].map((ch) => ch + (bidi.getMirroredCharacter(ch) ?? '')).join('') : text;
  const embed = async (name: FontName, only: string): Promise<Face> => {
    const file = fontFile(name);
    const embedder = LaidOutGlyphsEmbedder.of(await subsetFont(file.bytes, only, { targetFormat: 'sfnt' }));
    return { pdf: PDFFont.of(doc.context.nextRef(), doc, embedder), embedder, hasGlyph: file.hasGlyph };
  };
  const own = scriptFont[locale];
  const script = own ? await embed(own, drawn) : undefined;
  // Latin draws only what the language's font lacks (`byFace` tries that font first), and the spaces after
  // such characters (a space stays in the face before it).
  const lacking = (f: Face) =>
    [...drawn].filter((ch) => /\s/.test(ch) || !f.hasGlyph(ch.codePointAt(0) ?? 32)).join('');
  const latin = await embed('latin', script ? lacking(script) : drawn);
  const faces: Fonts['faces'] = script ? [script, latin] : [latin];
  // Headings in bold where the language is written in Latin script; other scripts keep their own face.
  const bold = script ?? (await embed('latinBold', drawn));
  return { faces, bold, rtl, shaped: rtl || locale === 'th', locale, chars: new Set(text) };
}

/**
 * The document's bytes, its fonts written first: they are not in the document's list of fonts that
 * `save` writes (pdf-lib registers only the embedders it makes itself), and they can only be written once
 * the glyphs they drew are known. A font that drew nothing is left out.
 */
export async function savePdf(doc: PDFDocument, fonts: Fonts): Promise<Uint8Array> {
  for (const face of new Set([...fonts.faces, fonts.bold])) {
    if (face.embedder.isUsed) await face.pdf.embed();
  }
  return doc.save({ useObjectStreams: false });
}

/** Refuses text that `embedFonts` was not told of: its glyphs would be missing from the page. */
function assertEmbedded(text: string, fonts: Fonts): void {
  for (const ch of text) {
    if (!fonts.chars.has(ch)) {
      throw new Error(`"${ch}" (U+${(ch.codePointAt(0) ?? 0).toString(16)}) was not given to embedFonts`);
    }
  }
}

/**
 * `visual`: a right-to-left piece's characters as they stand on the page, left to right (text extraction
 * reads a line's characters by position and then puts right-to-left ones back in reading order).
 */
type Piece = { text: string; face: Face; width: number; visual?: string };

/** Splits text into pieces of one face each: the first face that has the character (spaces stay put). */
function byFace(text: string, faces: [Face, ...Face[]], size: number): Piece[] {
  const fallback = faces[faces.length - 1] ?? faces[0];
  const pieces: Piece[] = [];
  let current: { text: string; face: Face } | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 32;
    const blank = /\s/.test(ch);
    const face = blank && current ? current.face : (faces.find((f) => f.hasGlyph(cp)) ?? fallback);
    if (current && current.face === face) current.text += ch;
    else {
      if (current) pieces.push({ ...current, width: 0 });
      current = { text: ch, face };
    }
  }
  if (current) pieces.push({ ...current, width: 0 });
  for (const p of pieces) p.width = p.face.pdf.widthOfTextAtSize(p.text, size);
  return pieces;
}

const arabicScript = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * The pieces of one line in visual order, left to right. Left-to-right text is one run; right-to-left
 * text is cut into runs of one bidi level, reordered by rule L2, and each right-to-left run that fontkit
 * will not reverse itself (no Arabic letters: spaces, punctuation) is reversed and mirrored here.
 */
function visualPieces(line: string, fonts: Fonts, size: number): Piece[] {
  if (!fonts.rtl) return byFace(line, fonts.faces, size);
  const levels = bidi.getEmbeddingLevels(line, 'rtl');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  // bidi-js indexes UTF-16 code units; a character outside the BMP takes the level of its first unit.
  // `mirrored`: brackets swapped, for a right-to-left run reversed here (fontkit mirrors the ones it lays out).
  const runs: { text: string; mirrored: string; level: number }[] = [];
  for (let i = 0; i < line.length;) {
    const ch = String.fromCodePoint(line.codePointAt(i) ?? 32);
    const level = levels.levels[i] ?? 1;
    const m = mirrored.get(i) ?? ch;
    const last = runs.at(-1);
    if (last && last.level === level) {
      last.text += ch;
      last.mirrored += m;
    } else runs.push({ text: ch, mirrored: m, level });
    i += ch.length;
  }
  const maxLevel = Math.max(...runs.map((r) => r.level));
  for (let level = maxLevel; level >= 1; level--) {
    const at = (k: number) => runs[k]?.level ?? -1;
    for (let i = 0; i < runs.length;) {
      if (at(i) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && at(j) >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.flatMap((run) => {
    if (run.level % 2 === 0) return byFace(run.text, fonts.faces, size);
    const selfReversed = arabicScript.test(run.text);
    const reversed = (text: string) => [...text].reverse().join('');
    if (selfReversed) {
      // Pieces of different faces inside a right-to-left run stand in reverse order too.
      return byFace(run.text, fonts.faces, size)
        .reverse()
        .map((p) => ({ ...p, visual: reversed(p.text) }));
    }
    return byFace(reversed(run.mirrored), fonts.faces, size);
  });
}

const widthOf = (pieces: Piece[]) => pieces.reduce((w, p) => w + p.width, 0);

/** Break opportunities: the language's word segments (a run of spaces stays with the word before it). */
function segments(text: string, locale: Locale): string[] {
  const out: string[] = [];
  for (const { segment } of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    if (/^\s+$/.test(segment) && out.length > 0) out[out.length - 1] += segment;
    else out.push(segment);
  }
  return out;
}

/** Greedy line filling at word boundaries; a segment wider than a line is cut by characters. */
export function wrap(text: string, fonts: Fonts, size: number, maxWidth: number): string[] {
  assertEmbedded(text, fonts);
  const measure = (s: string) => widthOf(byFace(s.trimEnd(), fonts.faces, size));
  const lines: string[] = [];
  let line = '';
  for (const seg of segments(text, fonts.locale)) {
    if (measure(line + seg) <= maxWidth) {
      line += seg;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = '';
    for (const ch of seg) {
      if (line && measure(line + ch) > maxWidth) {
        lines.push(line.trimEnd());
        line = '';
      }
      line += ch;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

export type Box = { left: number; right: number };

/** Draws one line at baseline `y`: flush left, or flush right in a right-to-left language. */
export function drawLine(
  page: PDFPage,
  line: string,
  fonts: Fonts,
  at: { y: number; size: number; box: Box; bold?: boolean },
): void {
  assertEmbedded(line, fonts);
  const faces: Fonts['faces'] = at.bold ? [fonts.bold, ...fonts.faces] : fonts.faces;
  const pieces = visualPieces(line, { ...fonts, faces }, at.size);
  let x = fonts.rtl ? at.box.right - widthOf(pieces) : at.box.left;
  for (const p of pieces) {
    // Shaped scripts share glyphs between letters (Arabic skeletons, Thai vowel parts), so a glyph's
    // Unicode mapping alone cannot say which letter it was: the run carries its text as ActualText, which
    // text extraction, search and screen readers use instead. The span sits inside the text object (BT…ET)
    // so that readers place it where the glyphs are.
    const ops = drawText(p.face.pdf.encodeText(p.text), {
      x,
      y: at.y,
      size: at.size,
      font: fontKey(page, p.face.pdf),
      color: rgb(0.1, 0.1, 0.12),
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
    });
    if (fonts.shaped) {
      const begin = ops.findIndex((op) => op.toString().endsWith(PDFOperatorNames.BeginText));
      const end = ops.findIndex((op) => op.toString().endsWith(PDFOperatorNames.EndText));
      ops.splice(end, 0, PDFOperator.of(PDFOperatorNames.EndMarkedContent));
      ops.splice(begin + 1, 0, beginActualText(p.visual ?? p.text));
    }
    page.pushOperators(...ops);
    x += p.width;
  }
}

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

/** The font's name in the page's resources, added once per page. */
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

const beginActualText = (text: string) =>
  PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
    PDFName.of('Span'),
    // An inline property list, written as is: `<< /ActualText <FEFF…> >>`.
    `<< /ActualText ${PDFHexString.fromText(text).toString()} >>`,
  ]);
