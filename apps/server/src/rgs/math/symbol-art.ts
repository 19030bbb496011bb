import { twemojiArt } from './twemoji-art.js';

/*
 * Every symbol, tile and banner emblem is vector art shipped with the server, never a character
 * of the system's emoji font (which is missing on some machines and different on every
 * platform). A theme names its art by an emoji key (its picture from the vendored Twemoji set,
 * see twemoji-art.ts) or by one of the drawings below ("art:<name>"), which take the symbol's
 * colour. Every drawing is on a 36 × 36 canvas and uses no ids, so many can share one page.
 */

/** A darker or lighter shade of a #rrggbb colour (amount -1 … 1). */
function shade(color: string, amount: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match?.[1]) return color;
  const value = parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const next = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(next).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

const drawings: Readonly<Record<string, (color: string) => string>> = {
  // A cut gemstone seen from the side: table, crown facets and a pointed pavilion.
  gem: (color) =>
    [
      `<path fill="${shade(color, -0.35)}" d="M2 13 L9 5 H27 L34 13 L18 33 Z"/>`,
      `<path fill="${color}" d="M9 5 H27 L25 13 H11 Z"/>`,
      `<path fill="${shade(color, 0.35)}" d="M2 13 L9 5 L11 13 Z M34 13 L27 5 L25 13 Z"/>`,
      `<path fill="${shade(color, -0.15)}" d="M2 13 H11 L18 33 Z"/>`,
      `<path fill="${shade(color, 0.2)}" d="M11 13 H25 L18 33 Z"/>`,
      `<path fill="${shade(color, -0.5)}" d="M25 13 H34 L18 33 Z"/>`,
      `<path fill="#ffffff" opacity="0.7" d="M12 7 H17 L15.5 11 H11.5 Z"/>`,
    ].join(''),
  // A horseshoe, open end up, with its nail holes.
  horseshoe: (color) =>
    [
      `<path fill="none" stroke="${shade(color, -0.45)}" stroke-width="8" stroke-linecap="round" d="M8 5 V17 A10 10 0 0 0 28 17 V5"/>`,
      `<path fill="none" stroke="${color}" stroke-width="5.5" stroke-linecap="round" d="M8 5 V17 A10 10 0 0 0 28 17 V5"/>`,
      `<path fill="none" stroke="${shade(color, 0.5)}" stroke-width="1.2" stroke-linecap="round" d="M6.8 7 V17 A11.2 11.2 0 0 0 12 26.5"/>`,
      ...[
        [8, 9],
        [8, 15],
        [10, 22],
        [28, 9],
        [28, 15],
        [26, 22],
      ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.1" fill="${shade(color, -0.6)}"/>`),
    ].join(''),
  // A wooden treasure chest with gold bands, a lock and coins spilling from the lid.
  chest: (color) =>
    [
      `<circle cx="11" cy="11" r="3" fill="#ffd54f"/><circle cx="17" cy="9" r="3" fill="#ffca28"/><circle cx="24" cy="10.5" r="3" fill="#ffe082"/>`,
      `<path fill="#8d5524" d="M4 14 Q4 6 18 6 Q32 6 32 14 Z"/>`,
      `<rect x="4" y="14" width="28" height="17" rx="1.5" fill="#a0522d"/>`,
      `<rect x="4" y="14" width="28" height="3" fill="#6d3b1a"/>`,
      `<path fill="${color}" d="M8 6.8 h3 V31 h-3 Z M25 6.8 h3 V31 h-3 Z"/>`,
      `<rect x="15" y="15" width="6" height="7" rx="1" fill="${color}"/>`,
      `<circle cx="18" cy="18" r="1.2" fill="#3e2723"/>`,
      `<rect x="4" y="14" width="28" height="17" rx="1.5" fill="none" stroke="#4e2a12" stroke-width="1"/>`,
    ].join(''),
  // A black cauldron brimming with gold coins.
  'pot-of-gold': (color) =>
    [
      `<circle cx="10" cy="12" r="4" fill="${shade(color, -0.15)}"/><circle cx="18" cy="10" r="4.5" fill="${color}"/><circle cx="26" cy="12" r="4" fill="${shade(color, 0.25)}"/>`,
      `<circle cx="14" cy="8.5" r="3.5" fill="${shade(color, 0.35)}"/><circle cx="22" cy="8" r="3.5" fill="${shade(color, -0.1)}"/>`,
      `<path fill="#263238" d="M5 14 H31 Q34 28 24 32 H12 Q2 28 5 14 Z"/>`,
      `<rect x="3" y="12.5" width="30" height="4" rx="2" fill="#37474f"/>`,
      `<path fill="#263238" d="M9 31 l-2 3 h4 z M27 31 l2 3 h-4 z"/>`,
      `<path fill="none" stroke="#546e7a" stroke-width="1.2" d="M9 19 Q10 26 14 29"/>`,
    ].join(''),
  // A stepped pyramid in the sun.
  pyramid: (color) =>
    [
      `<path fill="${color}" d="M18 4 L34 32 H2 Z"/>`,
      `<path fill="${shade(color, -0.3)}" d="M18 4 L34 32 H22 Z"/>`,
      `<path fill="none" stroke="${shade(color, -0.45)}" stroke-width="0.8" d="M12.6 13.5 H23.4 M8.6 20.5 H27.4 M4.6 27.5 H31.4"/>`,
    ].join(''),
  // A classic slot-machine seven: a bold slanted 7 with a dark outline and a highlight.
  seven: (color) =>
    [
      `<path fill="${color}" stroke="${shade(color, -0.6)}" stroke-width="2" stroke-linejoin="round" d="M6 4 H31 V10 Q21 19 18.5 33 H10 Q12 20 21.5 11 H12 L11 14 H6 Z"/>`,
      `<path fill="none" stroke="${shade(color, 0.55)}" stroke-width="1.4" stroke-linecap="round" d="M8 6.5 H28"/>`,
    ].join(''),
  // An ankh: a loop above a cross.
  ankh: (color) =>
    [
      `<g fill="none" stroke-linecap="round">`,
      `<path stroke="${shade(color, -0.45)}" stroke-width="6" d="M18 16 C9 10 11 2 18 2 C25 2 27 10 18 16 Z M18 16 V34 M7 18 H29"/>`,
      `<path stroke="${color}" stroke-width="3.6" d="M18 16 C9 10 11 2 18 2 C25 2 27 10 18 16 Z M18 16 V34 M7 18 H29"/>`,
      `</g>`,
    ].join(''),
};

/** The symbol's drawing as SVG elements on a 36 × 36 canvas. */
export function symbolArtBody(glyph: string, color: string): string {
  if (glyph.startsWith('art:')) {
    const drawing = drawings[glyph.slice(4)];
    if (drawing) return drawing(color);
  } else {
    const body = twemojiArt[glyph];
    if (body) return body;
  }
  throw new RangeError(`no artwork for symbol "${glyph}"`);
}

/** Whether a symbol key has artwork. */
export function hasSymbolArt(glyph: string): boolean {
  return glyph.startsWith('art:') ? glyph.slice(4) in drawings : glyph in twemojiArt;
}

/** The symbol's drawing as a standalone SVG document. */
export function symbolSvg(glyph: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36">${symbolArtBody(glyph, color)}</svg>`;
}

/** The drawing placed in a square of the given size centred on (x, y) of an enclosing SVG. */
export function symbolArtAt(glyph: string, color: string, x: number, y: number, size: number): string {
  const half = size / 2;
  return `<svg x="${x - half}" y="${y - half}" width="${size}" height="${size}" viewBox="0 0 36 36">${symbolArtBody(glyph, color)}</svg>`;
}
