// One photo of a form (deposit proof, KYC document): choose a file, or take it with the camera where the
// browser can; checked for type and size on the spot and shown as a preview.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraDialog } from './CameraDialog.tsx';
import { canPreview, checkImage, imageAccept, type ImageProblem } from './images.ts';

const problemKeys = { format: 'images.formatIncorrect', tooLarge: 'images.tooLarge' } as const;

export function PhotoField({
  label,
  file,
  onFile,
  error,
  camera,
  captureName,
}: {
  label: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | undefined;
  /** Offer the camera, facing the user ('user') or the document ('environment'). */
  camera?: 'user' | 'environment';
  /** File name of a captured photo. */
  captureName?: string;
}) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [capturing, setCapturing] = useState(false);
  const preview = usePreviewUrl(file);
  const shownError = problem ? t(problemKeys[problem]) : error;

  const take = (picked: File | null) => {
    if (!picked) return;
    const found = checkImage(picked);
    setProblem(found);
    onFile(found ? null : picked);
  };

  return (
    <div className={shownError ? 'field photo-field field-invalid' : 'field photo-field'}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="photo-box">
        {file && preview ? (
          <img className="photo-preview" src={preview} alt={t('images.previewAlt', { label })} />
        ) : file ? (
          <p className="photo-name">{file.name}</p>
        ) : (
          <p className="muted small photo-empty">{t('images.none')}</p>
        )}
      </div>
      <div className="photo-actions">
        {camera && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setCapturing(true)}>
            {t('images.takePhoto')}
          </button>
        )}
        <input
          id={id}
          className="file-input"
          type="file"
          accept={imageAccept}
          aria-label={label}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            take(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
        <label htmlFor={id} className="btn btn-secondary btn-small">
          {file ? t('images.replace') : t('images.choose')}
        </label>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {t('images.hint')}
      </p>
      {shownError && (
        <p className="field-error" id={`${id}-error`}>
          {shownError}
        </p>
      )}
      {camera && (
        <CameraDialog
          open={capturing}
          title={label}
          facing={camera}
          fileName={captureName ?? 'photo.jpg'}
          onClose={() => setCapturing(false)}
          onCapture={(photo) => {
            setCapturing(false);
            take(photo);
          }}
        />
      )}
    </div>
  );
}

/** An object URL for the chosen file, revoked when the file changes or the field goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !canPreview(file)) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
