// Logos: an SVG badge generated from the instrument code where no image is shipped (DESIGN.md §4).
// Codes are [A-Z0-9] only, so the text needs no escaping.

function hueOf(code: string): number {
  let h = 2166136261;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 16777619);
  return (h >>> 0) % 360;
}

/** A 64×64 round badge with the first part of the display name (`BTC`, `EUR`, `AAPL`, `XAU`). */
export function logoSvg(code: string, appName: string): string {
  const label = (appName.split('/')[0] ?? code).replace(/[^A-Za-z0-9]/g, '').slice(0, 5) || code.slice(0, 5);
  const hue = hueOf(code);
  const size = label.length <= 3 ? 22 : label.length === 4 ? 18 : 15;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">',
    `<title>${label}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},62%,52%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},62%,38%)"/></linearGradient></defs>`,
    '<circle cx="32" cy="32" r="32" fill="url(#g)"/>',
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="${size}" font-weight="700" fill="#fff">${label}</text>`,
    '</svg>',
  ].join('');
}

export const logoPath = (code: string): string => `/api/swx/customer/index/logo/${code}.svg`;
