// The help centre's search: over the FAQ in the interface language, in the browser (the whole FAQ is one
// small list). Every word typed must appear in the question or the answer; case is folded per locale.

export type Searchable = { id: string; title: string; text: string };

/** The words of a query, at most 8 (a pasted paragraph should not build a huge pattern). */
export function searchTerms(query: string, locale: string): string[] {
  const words = query.trim().toLocaleLowerCase(locale).split(/\s+/u).filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

export function matches(item: Searchable, terms: string[], locale: string): boolean {
  if (terms.length === 0) return false;
  const haystack = `${item.title}\n${item.text}`.toLocaleLowerCase(locale);
  return terms.every((term) => haystack.includes(term));
}

/** About `radius` characters of `text` around the first term found in it, with ellipses where cut. */
export function snippet(text: string, terms: string[], locale: string, radius = 80): string {
  const lower = text.toLocaleLowerCase(locale);
  const hits = terms.map((term) => lower.indexOf(term)).filter((i) => i >= 0);
  const at = hits.length > 0 ? Math.min(...hits) : 0;
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` cut into plain and matching pieces, for <mark>-ing the matches. */
export function highlightParts(text: string, terms: string[]): { text: string; hit: boolean }[] {
  if (terms.length === 0) return [{ text, hit: false }];
  const pattern = new RegExp(
    `(${[...terms]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})`,
    'giu',
  );
  return text
    .split(pattern)
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: piece, hit: terms.some((t) => piece.toLowerCase() === t.toLowerCase()) }));
}
