// An auction's artwork from the back office: a PNG or JPEG data URL, checked and re-encoded like uploads
// (platform/uploads.ts: the type from the bytes, bounded in bytes and pixels, metadata dropped), then
// stored as PNG so every piece is served the same way.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { codes, nftImageBytesMax } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { prepareImage } from '../platform/uploads.ts';

/** The longest side an artwork is stored at: enough for a detail page on a large screen. */
const artworkSidePxMax = 1600;

export type Artwork = { png: Buffer; sha256: string };

/** Not a PNG/JPEG data URL or not an image: 10106; above `nftImageBytesMax` decoded or too many pixels: 10107. */
export async function artworkFromDataUrl(dataUrl: string): Promise<Artwork> {
  const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match?.[2]) throw new AppError(codes.imageFormat);
  const prepared = await prepareImage(Buffer.from(match[2], 'base64'), { maxBytes: nftImageBytesMax });
  if (prepared.kind === 'jp2') throw new AppError(codes.imageFormat);
  const png = await sharp(prepared.bytes)
    .resize({ width: artworkSidePxMax, height: artworkSidePxMax, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, sha256: createHash('sha256').update(png).digest('hex') };
}
