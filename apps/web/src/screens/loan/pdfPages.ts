// The agreement's own PDF bytes drawn page by page with pdf.js, for screens where an <iframe> viewer is tiny
// (360 px) or absent (Android Chrome shows none). Imported only by a dynamic import() from AgreementPages,
// so pdf.js (and its worker, a separate file) loads when an agreement is read, never with the home page.
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Sharper than the screen is wasted memory on a phone: at most 3 device pixels per CSS pixel. */
const pixelRatioMax = 3;
/** A canvas wider than this (in device pixels) costs more memory than it adds legibility. */
const canvasWidthMaxPx = 3000;

export type OpenedPdf = {
  pageCount: number;
  /**
   * Each page's proportions as a CSS aspect-ratio ("595 / 842"): the canvases take their height before they
   * are drawn, so the pages drawn one after another do not push the signature pad down while it is used.
   */
  pageRatios: string[];
  /** Draws page `pageNumber` (1-based) at `cssWidth` CSS pixels; rejects if cancelled through `signal`. */
  draw: (
    pageNumber: number,
    canvas: HTMLCanvasElement,
    cssWidth: number,
    signal: AbortSignal,
  ) => Promise<void>;
  close: () => Promise<void>;
};

/** Opens PDF bytes. The bytes are copied: pdf.js hands its buffer to the worker, which would detach ours. */
export async function openPdf(bytes: ArrayBuffer): Promise<OpenedPdf> {
  // No eval: the server's CSP allows none, and the agreement has no PostScript functions that need it.
  const document = await getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false })
    .promise;
  const pageRatios = await Promise.all(
    Array.from({ length: document.numPages }, async (_, index) => {
      const natural = (await document.getPage(index + 1)).getViewport({ scale: 1 });
      return `${natural.width} / ${natural.height}`;
    }),
  );
  return {
    pageCount: document.numPages,
    pageRatios,
    draw: (pageNumber, canvas, cssWidth, signal) => drawPage(document, pageNumber, canvas, cssWidth, signal),
    close: () => document.destroy(),
  };
}

/** Draws a page into `canvas` at `cssWidth` CSS pixels wide, sharp at the device's pixel ratio. */
async function drawPage(
  document: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  signal: AbortSignal,
): Promise<void> {
  const page = await document.getPage(pageNumber);
  const natural = page.getViewport({ scale: 1 });
  const ratio = Math.min(window.devicePixelRatio || 1, pixelRatioMax);
  const scale = Math.min((cssWidth * ratio) / natural.width, canvasWidthMaxPx / natural.width);
  const viewport = page.getViewport({ scale });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  // The page keeps its proportions at whatever width the layout gives it.
  canvas.style.aspectRatio = `${natural.width} / ${natural.height}`;
  const task = page.render({ canvas, viewport });
  const cancel = () => task.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } finally {
    signal.removeEventListener('abort', cancel);
    page.cleanup();
  }
}
