// Taking a photo with the camera (getUserMedia): a live preview and a "take photo" button that captures the
// frame as a JPEG. The stream stops when the dialog closes.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './parts.tsx';

const jpegQuality = 0.9;
/** Wide enough to read a document, small enough to stay well under the 2 MB upload limit. */
const idealWidthPx = 1280;

type CameraState = 'starting' | 'live' | 'denied' | 'failed';

export function CameraDialog({
  open,
  title,
  facing,
  fileName,
  onClose,
  onCapture,
}: {
  open: boolean;
  title: string;
  facing: 'user' | 'environment';
  fileName: string;
  onClose: () => void;
  onCapture: (photo: File) => void;
}) {
  const { t } = useTranslation('wallet');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let live = true;
    setState('starting');
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, width: { ideal: idealWidthPx } }, audio: false })
      .then((media) => {
        if (!live) return media.getTracks().forEach((track) => track.stop());
        stream = media;
        if (video.current) video.current.srcObject = media;
        setState('live');
      })
      .catch((error: unknown) => {
        if (!live) return;
        const denied = error instanceof DOMException && error.name === 'NotAllowedError';
        setState(denied ? 'denied' : 'failed');
      });
    return () => {
      live = false;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open, facing]);

  const capture = () => {
    const frame = video.current;
    if (!frame || frame.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = frame.videoWidth;
    canvas.height = frame.videoHeight;
    canvas.getContext('2d')?.drawImage(frame, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], fileName, { type: 'image/jpeg' }));
        else setState('failed');
      },
      'image/jpeg',
      jpegQuality,
    );
  };

  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <div className="camera">
        <video ref={video} className="camera-video" autoPlay playsInline muted hidden={state !== 'live'} />
        {state === 'starting' && <p className="muted">{t('camera.starting')}</p>}
        {state === 'denied' && <p className="note note-warn">{t('camera.denied')}</p>}
        {state === 'failed' && <p className="note note-warn">{t('camera.failed')}</p>}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={capture} disabled={state !== 'live'}>
          {t('camera.take')}
        </button>
      </div>
    </Dialog>
  );
}
