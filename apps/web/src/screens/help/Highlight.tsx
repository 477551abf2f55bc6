// Text with the search's matching words in <mark>.
import { highlightParts } from './search.ts';

export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((part, i) =>
        part.hit ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
