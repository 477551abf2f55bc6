// Image uploads (deposit proofs, KYC photos): type detected from the bytes, bounded in bytes and pixels,
// JPG/PNG re-encoded by sharp (metadata and anything appended to the image are dropped), JPEG 2000 rebuilt
// from its required boxes only; stored under DATA_DIR/uploads with random names and served to authorized
// admins only (CONTRACT.md "Back office": proof image URL, KYC photos).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type AvailableFormatInfo, type Metadata, type SharpOptions } from 'sharp';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyMultipartAttachFieldsToBodyOptions } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codes, type AdminPermission } from '@tradewind/contract';
import { AppError } from './errors.ts';
import type { Config } from './config.ts';
import type { Ctx } from './context.ts';
import type { DbOrTx } from './db.ts';
import { uploads } from './uploads-tables.ts';
import { adminOf, requireAdmin } from './guards.ts';
import { can } from './admin-identity.ts';
import { writeAudit } from './audit.ts';

/** Above this many pixels an image is refused before it is decoded (a small file can claim a huge canvas). */
export const uploadPixelsMax = 40_000_000;
/** The most file parts one form may carry (KYC: front, back, selfie). */
export const uploadFilesPerRequestMax = 3;

export type ImageKind = 'jpeg' | 'png' | 'jp2';
const kinds = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg', disposition: 'inline' },
  png: { ext: 'png', contentType: 'image/png', disposition: 'inline' },
  // Browsers mostly cannot show JPEG 2000: it is downloaded, never rendered inline.
  jp2: { ext: 'jp2', contentType: 'image/jp2', disposition: 'attachment' },
} as const satisfies Record<ImageKind, { ext: string; contentType: string; disposition: string }>;

export const uploadPurposes = ['deposit_proof', 'kyc', 'support'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];
/** Who may read what: finance sees deposit proofs, compliance identity photos, every staff role support images. */
const readPermission: Record<UploadPurpose, AdminPermission> = {
  deposit_proof: 'reviewMoney',
  kyc: 'reviewKyc',
  support: 'answerSupport',
};

/** A validated image, ready to store: `bytes` are what will be written (re-encoded or rebuilt). */
export type PreparedImage = { kind: ImageKind; bytes: Buffer; width: number; height: number };

export type ImageLimits = { maxBytes: number; maxPixels?: number };

/** Options for @fastify/multipart: files and fields land on `req.body`, each file bounded by UPLOAD_MAX_BYTES. */
export function multipartOptions(
  config: Pick<Config, 'uploadMaxBytes'>,
): FastifyMultipartAttachFieldsToBodyOptions {
  return {
    attachFieldsToBody: 'keyValues',
    throwFileSizeLimit: true,
    limits: {
      fileSize: config.uploadMaxBytes,
      files: uploadFilesPerRequestMax,
      fields: 16,
      parts: 20,
      // Longer than any accepted text field, so a cut-off value still fails its schema.
      fieldSize: 4096,
      fieldNameSize: 64,
      headerPairs: 16,
    },
  };
}

/** A file part of a multipart form, as a body schema field (a missing file reads as "required"). */
export const uploadFile = z.instanceof(Buffer);

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The image type by its magic number; the name and declared type of the upload are never trusted. */
export function detectImage(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, jp2Signature)) return 'jp2';
  return undefined;
}

/**
 * Validates and normalizes an uploaded image. Wrong type or undecodable: 10106; too many bytes or pixels:
 * 10107. JPG and PNG come back re-encoded by sharp, so the stored bytes are sharp's own output.
 */
export async function prepareImage(bytes: Buffer, limits: ImageLimits): Promise<PreparedImage> {
  if (bytes.length > limits.maxBytes) throw new AppError(codes.imageTooLarge);
  const kind = detectImage(bytes);
  if (!kind) throw new AppError(codes.imageFormat);
  const maxPixels = limits.maxPixels ?? uploadPixelsMax;
  if (kind === 'jp2' && !sharpReadsJp2()) return rebuildJp2(bytes, maxPixels);
  return reencode(bytes, kind, maxPixels);
}

function sharpReadsJp2(): boolean {
  // Typed as always present, but a build without OpenJPEG reports it unusable (or not at all).
  const jp2: AvailableFormatInfo | undefined = sharp.format.jp2;
  return Boolean(jp2?.input.buffer && jp2.output.buffer);
}

async function reencode(bytes: Buffer, kind: ImageKind, maxPixels: number): Promise<PreparedImage> {
  const options: SharpOptions = { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    throw sharpRefusal(err);
  }
  const { width, height } = meta;
  if (meta.format !== kind || !width || !height) throw new AppError(codes.imageFormat);
  // Checked on the header, before a single pixel is decoded.
  if (width * height > maxPixels) throw new AppError(codes.imageTooLarge);
  try {
    // rotate() applies the EXIF orientation before the metadata (EXIF, XMP, ICC, comments) is dropped.
    const image = sharp(bytes, options).rotate();
    const out =
      kind === 'png'
        ? await image.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : kind === 'jp2'
          ? await image.jp2({ quality: 90 }).toBuffer({ resolveWithObject: true })
          : await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return { kind, bytes: out.data, width: out.info.width, height: out.info.height };
  } catch (err) {
    throw sharpRefusal(err);
  }
}

/** sharp checks the pixel limit on the header too ("exceeds pixel limit"); anything else is a bad image. */
const sharpRefusal = (err: unknown) =>
  new AppError(
    err instanceof Error && /pixel limit/i.test(err.message) ? codes.imageTooLarge : codes.imageFormat,
  );

// JPEG 2000 (ISO/IEC 15444-1 annex I): a sequence of boxes [length u32][type 4cc][content]; length 1 means a
// 64-bit length follows, 0 means "to the end of the file".
const jp2Signature = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a] as const;
type Box = { type: string; start: number; contentStart: number; end: number };

function readBoxes(bytes: Buffer, from: number, to: number): Box[] | undefined {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    if (to - at < 8 || boxes.length >= 64) return undefined;
    const short = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    let length = short;
    if (short === 1) {
      if (to - at < 16) return undefined;
      const long = bytes.readBigUInt64BE(at + 8);
      if (long > BigInt(to - at)) return undefined;
      header = 16;
      length = Number(long);
    } else if (short === 0) {
      length = to - at;
    }
    if (length < header || at + length > to) return undefined;
    boxes.push({ type, start: at, contentStart: at + header, end: at + length });
    at += length;
  }
  return boxes;
}

/**
 * Checks the signature, file type, header and codestream boxes, and keeps only those: metadata boxes (XML,
 * UUID, …) and anything after the codestream's end marker are refused or dropped. Used when this sharp
 * build cannot decode JPEG 2000, so the codestream itself is stored as received.
 */
function rebuildJp2(bytes: Buffer, maxPixels: number): PreparedImage {
  const boxes = readBoxes(bytes, 0, bytes.length);
  const [signature, fileType] = boxes ?? [];
  const header = boxes?.find((b) => b.type === 'jp2h');
  const codestreams = boxes?.filter((b) => b.type === 'jp2c') ?? [];
  const codestream = codestreams[0];
  if (
    !boxes ||
    signature?.type !== 'jP  ' ||
    fileType?.type !== 'ftyp' ||
    !header ||
    codestreams.length !== 1 ||
    !codestream
  ) {
    throw new AppError(codes.imageFormat);
  }
  // ftyp: brand, minor version, then the compatibility list; "jp2 " must be the brand or in the list.
  const ftyp = bytes.toString('latin1', fileType.contentStart, fileType.end);
  const brands = [ftyp.slice(0, 4), ...(ftyp.slice(8).match(/[\s\S]{4}/g) ?? [])];
  if (ftyp.length < 8 || !brands.includes('jp2 ')) throw new AppError(codes.imageFormat);
  const ihdr = readBoxes(bytes, header.contentStart, header.end)?.[0];
  if (ihdr?.type !== 'ihdr' || ihdr.end - ihdr.contentStart !== 14) throw new AppError(codes.imageFormat);
  const height = bytes.readUInt32BE(ihdr.contentStart);
  const width = bytes.readUInt32BE(ihdr.contentStart + 4);

  const cs = bytes.subarray(codestream.contentStart, codestream.end);
  // SOC, then SIZ first; EOC last.
  if (
    cs.length < 4 + 40 ||
    !startsWith(cs, [0xff, 0x4f, 0xff, 0x51]) ||
    cs.readUInt16BE(cs.length - 2) !== 0xffd9
  ) {
    throw new AppError(codes.imageFormat);
  }
  const sizWidth = cs.readUInt32BE(8) - cs.readUInt32BE(16);
  const sizHeight = cs.readUInt32BE(12) - cs.readUInt32BE(20);
  if (sizWidth !== width || sizHeight !== height || width === 0 || height === 0)
    throw new AppError(codes.imageFormat);
  if (width * height > maxPixels) throw new AppError(codes.imageTooLarge);

  const keep = [signature, fileType, header, codestream].map((b) => bytes.subarray(b.start, b.end));
  return { kind: 'jp2', bytes: Buffer.concat(keep), width, height };
}

export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');
export const uploadUrl = (name: string) => `/admin/api/uploads/${name}`;
const namePattern = /^[0-9a-f]{32}\.(jpg|png|jp2)$/;

/**
 * Writes the images under random names and records them, inside the caller's transaction. If recording
 * fails the files are removed again; a file whose transaction rolls back later has no row and is never served.
 */
export async function saveUploads(
  tx: DbOrTx,
  ctx: Pick<Ctx, 'config'>,
  owner: { userId: number; purpose: UploadPurpose },
  images: readonly PreparedImage[],
  now: Date,
): Promise<string[]> {
  const dir = uploadsDir(ctx.config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  try {
    for (const image of images) {
      const name = `${randomBytes(16).toString('hex')}.${kinds[image.kind].ext}`;
      await writeFile(path.join(dir, name), image.bytes, { mode: 0o600, flag: 'wx' });
      written.push(name);
      await tx.insert(uploads).values({
        name,
        userId: owner.userId,
        purpose: owner.purpose,
        contentType: kinds[image.kind].contentType,
        sizeBytes: image.bytes.length,
        sha256: sha256Hex(image.bytes),
        createdAt: now,
      });
    }
  } catch (err) {
    await discardUploads(ctx, written);
    throw err;
  }
  return written;
}

/** Removes files whose rows will not be committed (best effort: a leftover file is never served). */
export async function discardUploads(ctx: Pick<Ctx, 'config'>, names: readonly string[]): Promise<void> {
  const dir = uploadsDir(ctx.config);
  await Promise.all(names.map((name) => unlink(path.join(dir, name)).catch(() => undefined)));
}

/**
 * Answers a stored upload with headers that keep a browser from running it; the caller has decided the reader
 * may see it (staff by permission here, a customer their own support image in support/routes.ts).
 */
export async function sendUpload(
  ctx: Pick<Ctx, 'config'>,
  reply: FastifyReply,
  row: Pick<typeof uploads.$inferSelect, 'name' | 'contentType'>,
): Promise<FastifyReply> {
  const { name } = row;
  const bytes = await readFile(path.join(uploadsDir(ctx.config), name)).catch(() => undefined);
  if (!bytes) throw new AppError(codes.notFound);
  const kind = Object.values(kinds).find((k) => k.contentType === row.contentType) ?? kinds.jp2;
  return reply
    .header('content-type', row.contentType)
    .header('content-disposition', `${kind.disposition}; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** A stored upload's file name: what a route may look up (anything else is not one of ours). */
export const isUploadName = (name: string): boolean => namePattern.test(name);

export function registerUploadRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/api/uploads/:name', {
    schema: { params: z.strictObject({ name: z.string().max(64) }), hide: true },
    // Any admin session gets this far; the permission depends on what the file is evidence of.
    onRequest: requireAdmin(ctx, 'readAudit'),
    handler: async (req, reply) => {
      const { name } = req.params;
      if (!namePattern.test(name)) throw new AppError(codes.notFound);
      const [row] = await ctx.db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
      if (!row) throw new AppError(codes.notFound);
      const purpose = uploadPurposes.find((p) => p === row.purpose);
      const admin = adminOf(req);
      if (!purpose || !can(admin, readPermission[purpose])) throw new AppError(codes.authStatusWrong);
      // Identity documents are the most sensitive thing staff can open: who looked at whose, and when, is kept.
      if (purpose === 'kyc') {
        const entry = {
          adminId: admin.id,
          action: 'kyc.photo.view' as const,
          target: `user:${row.userId}`,
          after: { name },
        };
        await writeAudit(ctx.db, entry, new Date(ctx.clock.now()));
      }
      return sendUpload(ctx, reply, row);
    },
  });
}
