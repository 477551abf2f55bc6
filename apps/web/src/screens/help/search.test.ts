import { describe, expect, it } from 'vitest';
import { highlightParts, matches, searchTerms, snippet } from './search.ts';

const entry = {
  id: '1',
  title: 'How long does a withdrawal take?',
  text: 'Finance reviews a withdrawal within 24 hours; the fee is shown first.',
};

describe('the help search', () => {
  it('finds an entry when every word is in its question or answer, whatever the case', () => {
    expect(matches(entry, searchTerms('WITHDRAWAL fee', 'en'), 'en')).toBe(true);
    expect(matches(entry, searchTerms('withdrawal loan', 'en'), 'en')).toBe(false);
    expect(matches(entry, searchTerms('   ', 'en'), 'en')).toBe(false);
  });

  it('finds words in scripts without spaces (Thai, Chinese) as substrings', () => {
    const th = { id: '2', title: 'การถอนเงินใช้เวลานานเท่าใด', text: '' };
    expect(matches(th, searchTerms('ถอนเงิน', 'th'), 'th')).toBe(true);
  });

  it('cuts a snippet around the first match and marks every match', () => {
    expect(snippet(entry.text, ['fee'], 'en', 10)).toBe('…ours; the fee is sho…');
    expect(highlightParts('Fee and fee', ['fee'])).toEqual([
      { text: 'Fee', hit: true },
      { text: ' and ', hit: false },
      { text: 'fee', hit: true },
    ]);
  });

  it('treats pattern characters in a query as text', () => {
    expect(highlightParts('a (b) c', ['(b)'])).toEqual([
      { text: 'a ', hit: false },
      { text: '(b)', hit: true },
      { text: ' c', hit: false },
    ]);
  });
});
