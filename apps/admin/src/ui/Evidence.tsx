// Evidence of a review item (deposit proof, KYC photos, signatures): upload URLs need the admin token, so
// they are fetched and shown through blob: URLs; a thumbnail opens the full image in a modal.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isUploadUrl } from '../api/client.ts';
import { useUpload } from '../api/queries.ts';
import { useT } from '../i18n/i18n.ts';

export type EvidenceFile = { path: string; label: string; url: string };

const isDataImage = (value: string) => /^data:image\/(png|jpe?g|webp|gif);base64,/.test(value);

/** Strings that are evidence: upload URLs (fetched with the token) and inline data: images (signatures). */
export function isEvidence(value: unknown): value is string {
  return typeof value === 'string' && (isUploadUrl(value) || isDataImage(value));
}

export function EvidenceGallery({ files }: { files: EvidenceFile[] }) {
  const { t } = useT();
  if (files.length === 0) return null;
  return (
    <section className="evidence" aria-label={t('reviews.evidence')}>
      <h3 className="detail-heading">{t('reviews.evidence')}</h3>
      <ul className="evidence-list">
        {files.map((file) => (
          <li key={file.path}>
            {isDataImage(file.url) ? (
              <Thumb label={file.label} src={file.url} isImage />
            ) : (
              <UploadThumb label={file.label} url={file.url} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function UploadThumb({ label, url }: { label: string; url: string }) {
  const { t } = useT();
  const upload = useUpload(url);
  if (upload.state === 'loading') return <Frame label={label}>{t('reviews.fileLoading')}</Frame>;
  if (upload.state === 'failed') {
    return (
      <Frame label={label}>
        <span role="alert">{t('reviews.fileFailed')}</span>
      </Frame>
    );
  }
  return <Thumb label={label} src={upload.objectUrl} isImage={upload.isImage} />;
}

function Frame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="thumb">
      <div className="thumb-box thumb-state">{children}</div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function Thumb({ label, src, isImage }: { label: string; src: string; isImage: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  if (!isImage) {
    // PDFs and other files open in a new tab from their blob: URL.
    return (
      <Frame label={label}>
        <a href={src} target="_blank" rel="noopener noreferrer" className="button button-small">
          {t('reviews.openFile', { name: label })}
        </a>
      </Frame>
    );
  }
  return (
    <figure className="thumb">
      <button type="button" className="thumb-box" onClick={() => setOpen(true)}>
        <img src={src} alt={label} />
        <span className="visually-hidden">{t('reviews.openImage', { name: label })}</span>
      </button>
      <figcaption>{label}</figcaption>
      {open && <Lightbox label={label} src={src} onClose={() => setOpen(false)} />}
    </figure>
  );
}

function Lightbox({ label, src, onClose }: { label: string; src: string; onClose: () => void }) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="lightbox" aria-label={label} onClose={onClose}>
      <div className="lightbox-bar">
        <span>{label}</span>
        <button type="button" className="button button-small" onClick={onClose} autoFocus>
          {t('common.close')}
        </button>
      </div>
      <img src={src} alt={label} />
    </dialog>
  );
}
