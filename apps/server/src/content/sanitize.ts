// Content bodies are HTML written in the back office; only a safe subset leaves the server. The content editor
// sanitizes on save and every reader sanitizes again on read, so a row written by other means (a migration, a
// hand-made SQL fix) reaches no one unsanitized. sanitize-html does the parsing; this file only says what may
// pass.
import sanitize from 'sanitize-html';

const allowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'code',
  'pre',
  'hr',
  'span',
];

const safe: sanitize.IOptions = {
  allowedTags,
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  // Relative links ('/help/faq') pass; any scheme but these is dropped with the href, and so is '//host'.
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

const safeLinks: sanitize.IOptions = {
  ...safe,
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, safeLinks);
}

/**
 * Everything kept, only re-serialized the way `safe` serializes: the baseline that shows whether the safe
 * subset dropped anything. The schemes list is wide on purpose — a link it kept and `safe` dropped is a removal.
 */
const keepAll: sanitize.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'ftp', 'javascript', 'vbscript', 'data', 'file'],
  allowProtocolRelative: true,
};

/** The body as customers get it, and whether the sanitizer removed anything from it (for the editor's notice). */
export function sanitizeReport(html: string): { html: string; changed: boolean } {
  return { html: sanitizeHtml(html), changed: sanitize(html, safe) !== sanitize(html, keepAll) };
}

/** Whether a sanitized body still says something: text, not only empty markup. */
export function hasReadableText(html: string): boolean {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}

/**
 * A title as plain text: tags dropped. sanitize-html writes text HTML-escaped, and a title is rendered as text,
 * so the three escapes it makes are undone (`&amp;` last, so '&amp;lt;' stays '&lt;').
 */
export function plainText(value: string): string {
  return sanitize(value, { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
