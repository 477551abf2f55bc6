// Multipart forms for tests: a hand-built multipart/form-data body sent through app.inject, and small
// images made with sharp.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { App } from '../app.ts';
import type { Answer } from './harness.ts';

export type FilePart = { data: Buffer; filename?: string; contentType?: string };
export type Form = Record<string, string | FilePart | undefined>;

const crlf = '\r\n';

/** Encodes `form` as multipart/form-data; undefined entries are left out. */
export function encodeMultipart(form: Form): { body: Buffer; contentType: string } {
  const boundary = `----tradewind${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    let head = `--${boundary}${crlf}Content-Disposition: form-data; name="${name}"`;
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`${head}${crlf}${crlf}${value}${crlf}`));
      continue;
    }
    head += `; filename="${value.filename ?? `${name}.bin`}"${crlf}`;
    head += `Content-Type: ${value.contentType ?? 'application/octet-stream'}${crlf}${crlf}`;
    chunks.push(Buffer.from(head), value.data, Buffer.from(crlf));
  }
  chunks.push(Buffer.from(`--${boundary}--${crlf}`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

type PostOptions = {
  token?: string;
  book?: 'YES' | 'NO';
  lang?: string;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};

/** POSTs a multipart form and reads the envelope back. */
export async function postForm<T = unknown>(
  app: App['app'],
  url: string,
  form: Form,
  opts: PostOptions = {},
): Promise<Answer<T>> {
  const { body, contentType } = encodeMultipart(form);
  const headers: Record<string, string> = { 'content-type': contentType, ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  if (opts.book) headers.virtually = opts.book;
  if (opts.lang) headers['accept-language'] = opts.lang;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const res = await app.inject({ method: 'POST', url, payload: body, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers as Record<string, unknown> };
}

/** A small real image; `seed` varies the colour so two images differ. */
export async function makeImage(
  format: 'png' | 'jpeg',
  seed = 0,
  size = { width: 64, height: 48 },
): Promise<Buffer> {
  const image = sharp({
    create: { ...size, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: (seed * 91) % 256 } },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

export const pngPart = async (seed = 0): Promise<FilePart> => ({
  data: await makeImage('png', seed),
  filename: 'proof.png',
  contentType: 'image/png',
});
