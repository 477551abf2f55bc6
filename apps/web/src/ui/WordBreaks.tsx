// Text that may wrap between words only. Japanese and Chinese have no spaces, so a narrow label breaks anywhere
// ("スマート取 / 引"); the browser's word segmenter finds the words, <wbr> marks the breaks between them, and the
// CSS (word-break: keep-all) forbids the rest.
import { Fragment } from 'react';

const segmenters = new Map<string, Intl.Segmenter>();

/** The words and the spaces between them, as the locale's segmenter splits `text`. */
export function wordsOf(text: string, locale: string): string[] {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return [...segmenter.segment(text)].map((part) => part.segment);
}

export function WordBreaks({ text, locale }: { text: string; locale: string }) {
  return wordsOf(text, locale).map((word, i) => (
    // Words of one fixed label: the index is their identity.
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {word}
    </Fragment>
  ));
}
