// Logos: an SVG badge generated from the instrument code where no image is shipped (DESIGN.md §4).
// Codes are [A-Z0-9] only, so the text needs no escaping. A currency pair shows both currencies, each in
// its own colour, so EUR/USD, EUR/GBP and GBP/USD differ at a glance instead of three "EUR"/"GBP" discs.
import { instrumentTypes, type InstrumentType } from '@tradewind/contract';

function hueOf(code: string): number {
  let h = 2166136261;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 16777619);
  return (h >>> 0) % 360;
}

const font = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-weight="700" fill="#fff"';

const clean = (text: string, max: number) => text.replace(/[^A-Za-z0-9]/g, '').slice(0, max);

function gradient(id: string, hue: number): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},62%,52%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},62%,38%)"/></linearGradient>`;
}

function svg(title: string, body: string[]): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">',
    `<title>${title}</title>`,
    ...body,
    '</svg>',
  ].join('');
}

/** Two discs, the base currency upper left over the quote currency lower right, each with its code. */
function pairSvg(base: string, quote: string): string {
  return svg(`${base}/${quote}`, [
    `<defs>${gradient('b', hueOf(base))}${gradient('q', hueOf(quote))}</defs>`,
    '<circle cx="41" cy="41" r="23" fill="url(#q)"/>',
    `<text x="45" y="47" dy="0.35em" text-anchor="middle" ${font} font-size="13">${quote}</text>`,
    '<circle cx="23" cy="23" r="23" fill="url(#b)" stroke="#fff" stroke-width="2"/>',
    `<text x="23" y="23" dy="0.35em" text-anchor="middle" ${font} font-size="15">${base}</text>`,
  ]);
}

/** A 64×64 round badge with the first part of the display name (`BTC`, `AAPL`, `XAU`); FX: both codes. */
export function logoSvg(i: { code: string; appName: string; type: InstrumentType }): string {
  const [first = '', second = ''] = i.appName.split('/');
  const base = clean(first, 3);
  const quote = clean(second, 3);
  if (i.type === instrumentTypes.forex && base.length === 3 && quote.length === 3)
    return pairSvg(base, quote);
  const label = clean(first || i.code, 5) || i.code.slice(0, 5);
  const size = label.length <= 3 ? 22 : label.length === 4 ? 18 : 15;
  return svg(label, [
    `<defs>${gradient('g', hueOf(i.code))}</defs>`,
    '<circle cx="32" cy="32" r="32" fill="url(#g)"/>',
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" ${font} font-size="${size}">${label}</text>`,
  ]);
}

export const logoPath = (code: string): string => `/api/swx/customer/index/logo/${code}.svg`;
