// The seeded collection's artwork: an SVG composed from a seeded PRNG (a gradient sky, a glow, layered hills
// or waves, orbiting shapes), rendered to PNG by sharp. The same seed draws the same picture on every start.
import sharp from 'sharp';

/** The side of a seeded artwork, in pixels. */
export const artSizePx = 480;

/** mulberry32: small, fast and good enough to compose pictures; the same seed gives the same sequence. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Colour schemes the pieces draw from: sky top, sky bottom, glow, and three layer colours. */
const palettes = [
  ['#0b1d51', '#ff7e5f', '#ffd36e', '#2e2a6b', '#47307a', '#6b3c84'],
  ['#003f5c', '#7ad3c2', '#fff5c0', '#2f4b7c', '#1d6f84', '#0e8f87'],
  ['#1a0933', '#e4508f', '#ffe3a3', '#3c1361', '#662e9b', '#a13670'],
  ['#0f2027', '#2c5364', '#f6f7d7', '#203a43', '#3e8e7e', '#7cc6a6'],
  ['#23074d', '#cc5333', '#ffcf71', '#5c258d', '#8e2de2', '#c33764'],
  ['#081f37', '#5fc9f3', '#f8f3d4', '#1e549f', '#2e79ba', '#76b4e8'],
  ['#2b1b17', '#f2a65a', '#fff1c1', '#5a3d31', '#8c5e3c', '#c98b55'],
  ['#0d0d2b', '#7f7fd5', '#e0f7fa', '#3a3a8c', '#5c5cc2', '#91eae4'],
] as const;

/** An SVG coordinate or size in pixels, to a tenth (drawing geometry: no amount of money is ever a float). */
const fixed = (n: number) => n.toFixed(1);

function hills(rand: () => number, colours: readonly string[], size: number): string {
  return colours
    .map((colour, layer) => {
      const base = size * (0.55 + layer * 0.13);
      const amp = size * (0.05 + rand() * 0.08);
      const freq = 1 + Math.floor(rand() * 3);
      const phase = rand() * Math.PI * 2;
      const points: string[] = [];
      for (let x = 0; x <= size; x += size / 24) {
        const y = base + Math.sin((x / size) * Math.PI * freq + phase) * amp;
        points.push(`${fixed(x)},${fixed(y)}`);
      }
      return `<path d="M0,${size} L${points.join(' L')} L${size},${size} Z" fill="${colour}" opacity="${0.75 + layer * 0.1}"/>`;
    })
    .join('');
}

function orbits(rand: () => number, colour: string, size: number): string {
  const cx = size * (0.3 + rand() * 0.4);
  const cy = size * (0.25 + rand() * 0.2);
  const shapes: string[] = [];
  const count = 3 + Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const r = size * (0.08 + i * 0.045);
    shapes.push(
      `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="none" stroke="${colour}" stroke-width="${fixed(1 + rand() * 2)}" opacity="${fixed(0.15 + rand() * 0.35)}"/>`,
    );
    const angle = rand() * Math.PI * 2;
    const dot = size * (0.006 + rand() * 0.014);
    shapes.push(
      `<circle cx="${fixed(cx + Math.cos(angle) * r)}" cy="${fixed(cy + Math.sin(angle) * r)}" r="${fixed(dot)}" fill="${colour}"/>`,
    );
  }
  return shapes.join('');
}

function stars(rand: () => number, size: number): string {
  const out: string[] = [];
  for (let i = 0; i < 40; i++) {
    out.push(
      `<circle cx="${fixed(rand() * size)}" cy="${fixed(rand() * size * 0.5)}" r="${fixed(0.4 + rand() * 1.4)}" fill="#ffffff" opacity="${fixed(0.3 + rand() * 0.6)}"/>`,
    );
  }
  return out.join('');
}

/** The SVG of artwork `seed`: deterministic, self-contained (no fonts, no external references). */
export function artworkSvg(seed: number, size = artSizePx): string {
  const rand = prng(seed);
  const palette = palettes[Math.floor(rand() * palettes.length)] ?? palettes[0];
  const [top, bottom, glow, ...layers] = palette;
  const sunX = size * (0.2 + rand() * 0.6);
  const sunY = size * (0.3 + rand() * 0.2);
  const sunR = size * (0.08 + rand() * 0.1);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    '<defs>',
    `<linearGradient id="sky" x1="0" y1="0" x2="${fixed(rand())}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${size}" height="${size}" fill="url(#sky)"/>`,
    stars(rand, size),
    `<circle cx="${fixed(sunX)}" cy="${fixed(sunY)}" r="${fixed(sunR * 3)}" fill="url(#glow)"/>`,
    `<circle cx="${fixed(sunX)}" cy="${fixed(sunY)}" r="${fixed(sunR)}" fill="${glow}"/>`,
    orbits(rand, glow, size),
    hills(rand, layers, size),
    '</svg>',
  ].join('');
}

/** Artwork `seed` as PNG bytes. */
export async function artworkPng(seed: number): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(seed)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
