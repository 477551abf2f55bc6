// Client-side checks of an image before upload (spec.md §5 and §9: JPG, JPEG 2000 or PNG, at most 2 MB).
// The server checks the bytes again; this only spares the user a round trip with a large file.

/** The server's UPLOAD_MAX_BYTES default, 2 MiB (DESIGN.md §3). */
export const imageMaxBytes = 2 * 1024 * 1024;
export const imageAccept = 'image/jpeg,image/png,image/jp2';

const acceptedTypes = new Set(['image/jpeg', 'image/png', 'image/jp2', 'image/jpx']);
// Browsers often give JPEG 2000 files no MIME type; their name tells.
const acceptedExtensions = /\.(jpe?g|png|jp2|j2k|jpf|jpx)$/i;

export type ImageProblem = 'format' | 'tooLarge';

export function checkImage(file: Blob & { name?: string }): ImageProblem | null {
  const typeOk = file.type ? acceptedTypes.has(file.type) : acceptedExtensions.test(file.name ?? '');
  if (!typeOk) return 'format';
  if (file.size > imageMaxBytes) return 'tooLarge';
  return null;
}

/** Browsers cannot draw JPEG 2000; its preview is the file name instead. */
export function canPreview(file: Blob): boolean {
  return file.type === 'image/jpeg' || file.type === 'image/png';
}

/** Camera capture (getUserMedia) exists: in a secure context with a media-capable browser. */
export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
