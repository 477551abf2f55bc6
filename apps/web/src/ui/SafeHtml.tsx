// Server content HTML, sanitized with DOMPurify before it reaches the DOM.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  // Links in content open outside the app without handing it a window.opener.
  if (node.tagName === 'A' && node.getAttribute('href')?.startsWith('http')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] }),
    [html],
  );
  return <div className={className ?? 'prose'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
