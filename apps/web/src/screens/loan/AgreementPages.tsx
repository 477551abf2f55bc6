// The agreement as pages to read on a phone: the very PDF bytes the customer signs (and whose SHA-256 goes
// with the application), drawn by pdf.js one canvas per page at the width of the screen, with the page
// count. pdf.js is loaded by import() when an agreement is shown. If it cannot draw (an old browser), the
// caller's fallback (open or download the PDF) is shown instead.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/kit.tsx';
import type { OpenedPdf } from './pdfPages.ts';

type Opened = { blob: Blob; pdf: OpenedPdf } | { blob: Blob; failed: true };

/** The content width of an element in whole CSS pixels, followed as the layout changes (rotation). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Opens the blob with pdf.js (loaded on first use); closes it when the blob changes or the view goes. */
function useOpenedPdf(blob: Blob): Opened | undefined {
  const [opened, setOpened] = useState<Opened>();
  useEffect(() => {
    let live = true;
    let pdf: OpenedPdf | undefined;
    Promise.all([import('./pdfPages.ts'), blob.arrayBuffer()])
      .then(([pages, bytes]) => pages.openPdf(bytes))
      .then((made) => {
        pdf = made;
        if (live) setOpened({ blob, pdf: made });
        else void made.close();
      })
      .catch(() => {
        if (live) setOpened({ blob, failed: true });
      });
    return () => {
      live = false;
      void pdf?.close();
    };
  }, [blob]);
  return opened?.blob === blob ? opened : undefined;
}

export function AgreementPages({ blob, fallback }: { blob: Blob; fallback: ReactNode }) {
  const { t } = useTranslation('loans');
  const opened = useOpenedPdf(blob);
  const listRef = useRef<HTMLOListElement>(null);
  const canvases = useRef<(HTMLCanvasElement | null)[]>([]);
  const width = useWidth(listRef);
  const [failed, setFailed] = useState(false);
  // Twice the screen's width, scrolled sideways: body text at a size read without pinching.
  const [zoomed, setZoomed] = useState(false);
  const pdf = opened && 'pdf' in opened ? opened.pdf : undefined;
  const drawWidth = zoomed ? width * 2 : width;

  useEffect(() => {
    if (!pdf || drawWidth <= 0) return;
    const abort = new AbortController();
    // One page after another: a phone draws the first page first instead of all of them at once.
    void (async () => {
      for (let page = 1; page <= pdf.pageCount; page += 1) {
        const canvas = canvases.current[page - 1];
        if (!canvas || abort.signal.aborted) return;
        delete canvas.dataset.drawn;
        await pdf.draw(page, canvas, drawWidth, abort.signal);
        canvas.dataset.drawn = 'true';
      }
    })().catch(() => {
      if (!abort.signal.aborted) setFailed(true);
    });
    return () => abort.abort();
  }, [pdf, drawWidth]);

  if ((opened && 'failed' in opened) || failed) return <>{fallback}</>;
  return (
    <div className="loan-agreement-pages" data-testid="agreement-pages">
      {pdf ? (
        <div className="loan-agreement-pages-bar">
          <p className="muted small" data-testid="agreement-page-count">
            {t('sign.pageCount', { pages: pdf.pageCount })}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-pressed={zoomed}
            onClick={() => setZoomed((on) => !on)}
            data-testid="agreement-zoom"
          >
            {zoomed ? t('sign.zoomOut') : t('sign.zoomIn')}
          </button>
        </div>
      ) : (
        <Spinner label={t('sign.drawing')} />
      )}
      <ol
        className="loan-agreement-page-list"
        ref={listRef}
        aria-label={t('sign.agreement')}
        // Focusable: a keyboard scrolls the zoomed pages sideways.
        tabIndex={zoomed ? 0 : undefined}
        style={zoomed ? ({ '--page-width': `${drawWidth}px` } as React.CSSProperties) : undefined}
      >
        {Array.from({ length: pdf?.pageCount ?? 0 }, (_, index) => {
          const label = t('sign.pageOf', { page: index + 1, pages: pdf?.pageCount ?? 0 });
          return (
            <li key={index} className="loan-agreement-page">
              <canvas
                ref={(canvas) => {
                  canvases.current[index] = canvas;
                }}
                role="img"
                aria-label={label}
                // A canvas takes its text direction from the page: right to left (Arabic), pdf.js's glyphs
                // were each drawn ending where they should start. The page is an image; its own text is laid
                // out in the PDF.
                dir="ltr"
                style={{ aspectRatio: pdf?.pageRatios[index] }}
                data-testid="agreement-page"
              />
              <span className="muted small" aria-hidden="true">
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
