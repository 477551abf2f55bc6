// The FAQ as the help screens read it: each entry with its answer as plain text for searching and snippets.
import { useMemo } from 'react';
import type { FaqEntry } from '@tradewind/contract';
import { useFaq } from '../../api/content.ts';

export type FaqItem = FaqEntry & { text: string };

/** The answer's words without markup; the browser's parser, which never runs scripts in a parsed document. */
function plainText(html: string): string {
  // A space after each block, so the last word of a paragraph does not run into the next one's first.
  const spaced = html.replace(/<\/(p|li|h[1-6]|div)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function useFaqItems() {
  const faq = useFaq();
  const items = useMemo<FaqItem[]>(
    () => (faq.data ?? []).map((entry) => ({ ...entry, text: plainText(entry.result) })),
    [faq.data],
  );
  return { ...faq, items };
}

export const faqEntryHref = (id: string) => `/help/faq?${new URLSearchParams({ entry: id }).toString()}`;
export const faqTopicHref = (topic: string) => `/help/faq?${new URLSearchParams({ topic }).toString()}`;
