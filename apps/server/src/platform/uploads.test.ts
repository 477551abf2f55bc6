import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  adminToken,
  registerUser,
  startTestApp,
  type TestApp,
  secureAdmin,
} from '../test/harness.ts';
import { makeImage } from '../test/multipart.ts';
import { AppError } from './errors.ts';
import { detectImage, prepareImage, saveUploads, uploadsDir, type ImageLimits } from './uploads.ts';

const limits: ImageLimits = { maxBytes: 2 * 1024 * 1024 };

async function refusal(bytes: Buffer, l: ImageLimits = limits): Promise<string | undefined> {
  try {
    await prepareImage(bytes, l);
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG header that claims a canvas of width × height, with a tiny (wrong) pixel stream. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function box(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

/**
 * A structurally valid JPEG 2000 file (signature, ftyp, jp2h/ihdr, jp2c with SOC, SIZ … EOC). It is not a
 * decodable picture: this sharp build has no JPEG 2000 decoder, so the structure is what is checked.
 */
function jp2(width: number, height: number, extraBoxes: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(height, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt16BE(1, 8); // one component
  ihdr.set([7, 7, 0, 0], 10); // 8-bit, wavelet, colourspace known, no IPR
  const colr = Buffer.from([1, 0, 0, 0, 0, 0, 17]); // enumerated greyscale
  const siz = Buffer.alloc(2 + 2 + 2 + 32 + 2 + 3);
  siz.writeUInt16BE(0xff51, 0);
  siz.writeUInt16BE(siz.length - 2, 2);
  siz.writeUInt32BE(width, 6);
  siz.writeUInt32BE(height, 10);
  siz.writeUInt32BE(width, 22); // one tile
  siz.writeUInt32BE(height, 26);
  siz.writeUInt16BE(1, 38);
  siz.set([7, 1, 1], 40);
  const codestream = Buffer.concat([Buffer.from([0xff, 0x4f]), siz, Buffer.from([0xff, 0xd9])]);
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]),
    box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1')),
    box('jp2h', Buffer.concat([box('ihdr', ihdr), box('colr', colr)])),
    ...extraBoxes,
    box('jp2c', codestream),
  ]);
}

describe('image checks', () => {
  it('re-encodes a PNG: the stored bytes are sharp’s output, same size and format', async () => {
    const png = await makeImage('png', 3);
    const prepared = await prepareImage(png, limits);
    expect(prepared).toMatchObject({ kind: 'png', width: 64, height: 48 });
    const meta = await sharp(prepared.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('strips EXIF metadata and comments from a JPEG', async () => {
    const jpeg = await sharp(await makeImage('jpeg', 1))
      .withExif({ IFD0: { Copyright: 'secret-owner-tag', ImageDescription: 'gps-secret' } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('secret-owner-tag')).toBe(true);
    const prepared = await prepareImage(jpeg, limits);
    expect(prepared.kind).toBe('jpeg');
    expect(prepared.bytes.includes('secret-owner-tag')).toBe(false);
    expect((await sharp(prepared.bytes).metadata()).exif).toBeUndefined();
  });

  it('drops a script and a zip appended to a valid PNG (polyglot)', async () => {
    const payload = Buffer.concat([
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('evil.js'),
    ]);
    const polyglot = Buffer.concat([await makeImage('png', 2), payload]);
    const prepared = await prepareImage(polyglot, limits);
    expect(prepared.bytes.includes('<script>')).toBe(false);
    expect(prepared.bytes.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
    expect((await sharp(prepared.bytes).metadata()).format).toBe('png');
  });

  it('drops an HTML comment segment inside a JPEG (polyglot)', async () => {
    const jpeg = await makeImage('jpeg', 4);
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const com = Buffer.alloc(4);
    com.writeUInt16BE(0xfffe, 0);
    com.writeUInt16BE(html.length + 2, 2);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, html, jpeg.subarray(2)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    const prepared = await prepareImage(polyglot, limits);
    expect(prepared.bytes.includes('<script>')).toBe(false);
  });

  it('refuses a text file renamed to .png with 10106', async () => {
    expect(await refusal(Buffer.from('just some notes, not an image\n'))).toBe('10106');
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('10106');
    expect(await refusal(Buffer.alloc(0))).toBe('10106');
  });

  it('refuses a PNG signature followed by garbage with 10106', async () => {
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    expect(detectImage(broken)).toBe('png');
    expect(await refusal(broken)).toBe('10106');
  });

  it('refuses more bytes than the limit with 10107', async () => {
    const png = await makeImage('png');
    expect(await refusal(png, { maxBytes: png.length - 1 })).toBe('10107');
    expect(await refusal(png, { maxBytes: png.length })).toBeUndefined();
  });

  it('refuses a small file that claims a 10-gigapixel canvas before decoding it, with 10107', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await refusal(bomb)).toBe('10107');
  });

  it('refuses an image above the pixel limit and accepts one at it', async () => {
    const png = await makeImage('png'); // 64 × 48 = 3072 pixels
    expect(await refusal(png, { ...limits, maxPixels: 3071 })).toBe('10107');
    expect(await refusal(png, { ...limits, maxPixels: 3072 })).toBeUndefined();
  });

  it('accepts a JPEG 2000 file and keeps only its required boxes', async () => {
    const xml = box('xml ', Buffer.from('<x:xmpmeta>secret-location</x:xmpmeta>'));
    const prepared = await prepareImage(jp2(640, 480, [xml]), limits);
    expect(prepared).toMatchObject({ kind: 'jp2', width: 640, height: 480 });
    expect(prepared.bytes.includes('secret-location')).toBe(false);
    expect(prepared.bytes).toEqual(jp2(640, 480));
  });

  it('refuses a JPEG 2000 file with data after its codestream, a bad header or too many pixels', async () => {
    const good = jp2(64, 64);
    expect(await refusal(Buffer.concat([good, Buffer.from('<script>alert(1)</script>')]))).toBe('10106');
    expect(await refusal(good.subarray(0, good.length - 2))).toBe('10106');
    const mismatched = Buffer.from(good);
    mismatched.writeUInt32BE(65, 12 + 20 + 8 + 8 + 4); // ihdr width ≠ SIZ width
    expect(await refusal(mismatched)).toBe('10106');
    expect(await refusal(jp2(10_000, 10_000))).toBe('10107');
  });
});

describe('serving uploads', () => {
  let t: TestApp;
  let proofName: string;
  let kycName: string;
  let customerToken: string;
  beforeAll(async () => {
    t = await startTestApp();
    const u = await registerUser(t);
    customerToken = u.token;
    const image = await prepareImage(await makeImage('png', 9), limits);
    const now = new Date(t.clock.now());
    [proofName = ''] = await saveUploads(
      t.ctx.db,
      t.ctx,
      { userId: Number(u.id), purpose: 'deposit_proof' },
      [image],
      now,
    );
    [kycName = ''] = await saveUploads(
      t.ctx.db,
      t.ctx,
      { userId: Number(u.id), purpose: 'kyc' },
      [image],
      now,
    );
  });
  afterAll(async () => t.close());

  const adminWith = async (name: string, role: 'support' | 'finance' | 'compliance') => {
    return (await secureAdmin(t, role, { userName: name })).token;
  };

  it('stores files under random names in DATA_DIR/uploads, private to the server', async () => {
    expect(proofName).toMatch(/^[0-9a-f]{32}\.png$/);
    const bytes = await readFile(path.join(uploadsDir(t.config), proofName));
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('serves a file to an authorized admin with its type, a disposition and nosniff', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/api/uploads/${proofName}`,
      headers: { authorization: await adminToken(t) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${proofName}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload).toEqual(await readFile(path.join(uploadsDir(t.config), proofName)));
  });

  it('refuses customers and anonymous callers with 401', async () => {
    for (const authorization of [customerToken, undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/api/uploads/${proofName}`,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('shows deposit proofs to finance only and identity photos to compliance only', async () => {
    const finance = await adminWith('up_fin', 'finance');
    const compliance = await adminWith('up_comp', 'compliance');
    const support = await adminWith('up_sup', 'support');
    const get = async (name: string, token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/admin/api/uploads/${name}`,
          headers: { authorization: token },
        })
      ).statusCode;
    expect(await get(proofName, finance)).toBe(200);
    expect(await get(kycName, finance)).toBe(403);
    expect(await get(kycName, compliance)).toBe(200);
    expect(await get(proofName, compliance)).toBe(403);
    expect(await get(proofName, support)).toBe(403);
  });

  it('answers 404 for an unknown or malformed name', async () => {
    const token = await adminToken(t);
    expect((await client(t.app, { token }).get(`/admin/api/uploads/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await client(t.app, { token }).get('/admin/api/uploads/..%2Fpglite')).status).toBe(404);
  });
});
