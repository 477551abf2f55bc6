// The seeded artwork is deterministic (a restart or a second node draws the same pictures, so the image
// URL's hash is stable) and different from piece to piece.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { artSizePx, artworkPng, artworkSvg } from './art.ts';

describe('seeded artwork', () => {
  it('draws the same SVG for the same seed and another for another seed', () => {
    expect(artworkSvg(7919)).toBe(artworkSvg(7919));
    expect(artworkSvg(7919)).not.toBe(artworkSvg(2 * 7919));
  });

  it('renders a square PNG of the artwork size', async () => {
    const meta = await sharp(await artworkPng(3 * 7919)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: artSizePx, height: artSizePx });
  });
});
