import { symbolArtAt } from './symbol-art.js';
import type { SymbolArt } from './theme-types.js';
import type { GameTitle } from './titles.js';

/*
 * Lobby tile artwork as a self-contained SVG string (no external images or
 * fonts), so the server can serve it directly and the client can cache it.
 * Everything varies deterministically with the title id: the same title
 * always renders byte-identical art, and different titles look different.
 */

const WIDTH = 300;
const HEIGHT = 400;
const TEXT_FONT = "'Trebuchet MS', 'Segoe UI', Verdana, sans-serif";

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for use in XML character data and double-quoted attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** FNV-1a: a stable 32-bit hash so decoration is deterministic per title. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Tiny LCG for decoration layout only (never for game outcomes). */
function layoutRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Relative luminance of a #rrggbb colour (0 = black, 1 = white); 0.5 for anything else. */
function luminance(color: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return 0.5;
  const [r, g, b] = match.slice(1).map((hex) => {
    const c = parseInt(hex, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** Picks an outline/ink that contrasts with the given colour. */
const contrastInk = (color: string, dark: string, light: string): string => (luminance(color) > 0.35 ? dark : light);

const round = (value: number): number => Math.round(value * 10) / 10;

type Pattern = (next: () => number, color: string) => string;

const patterns: readonly Pattern[] = [
  // Sunburst rays from behind the hero symbol.
  (next, color) => {
    const rays = 10 + Math.floor(next() * 8);
    const spin = next() * 360;
    return Array.from({ length: rays }, (_, i) => {
      const a = ((spin + (i * 360) / rays) * Math.PI) / 180;
      const b = a + Math.PI / rays / 1.6;
      const p = (angle: number): string => `${round(150 + 420 * Math.cos(angle))},${round(170 + 420 * Math.sin(angle))}`;
      return `<polygon points="150,170 ${p(a)} ${p(b)}" fill="${color}" opacity="0.12"/>`;
    }).join('');
  },
  // Floating bubbles.
  (next, color) =>
    Array.from({ length: 16 }, () => {
      const r = round(6 + next() * 34);
      return `<circle cx="${round(next() * WIDTH)}" cy="${round(next() * HEIGHT)}" r="${r}" fill="${color}" opacity="${round(0.08 + next() * 0.14)}"/>`;
    }).join(''),
  // Diagonal stripes.
  (next, color) => {
    const gap = 26 + Math.floor(next() * 20);
    const stripes: string[] = [];
    for (let x = -HEIGHT; x < WIDTH; x += gap) {
      stripes.push(
        `<line x1="${x}" y1="0" x2="${x + HEIGHT}" y2="${HEIGHT}" stroke="${color}" stroke-width="${round(gap / 3)}" opacity="0.1"/>`,
      );
    }
    return stripes.join('');
  },
  // Sparkle diamonds.
  (next, color) =>
    Array.from({ length: 14 }, () => {
      const x = round(next() * WIDTH);
      const y = round(next() * HEIGHT);
      const s = round(4 + next() * 12);
      return `<polygon points="${x},${round(y - s)} ${round(x + s / 2.5)},${y} ${x},${round(y + s)} ${round(x - s / 2.5)},${y}" fill="${color}" opacity="0.35"/>`;
    }).join(''),
];

/** The three symbols a title is known for: biggest pays first. */
function heroSymbols(title: GameTitle): SymbolArt[] {
  if (title.kind === 'slot') {
    const reels = title.profile.reels.flat();
    const ids = reels.includes('wild') ? (['wild', 'h1', 'h2'] as const) : (['h1', 'h2', 'h3'] as const);
    return ids.map((id) => title.theme.symbols[id]);
  }
  const tiers = [...title.profile.tiers].sort((a, b) => b.multiplier - a.multiplier).slice(0, 3);
  return tiers.map((tier) => title.theme.symbols[tier.symbol]);
}

function symbolBadge(symbol: SymbolArt, x: number, y: number, size: number): string {
  return [
    // A dark disc first, so a symbol stands out even on a background of its own colour.
    `<circle cx="${x}" cy="${y}" r="${round(size * 0.62)}" fill="#0d0a26" opacity="0.45"/>`,
    `<circle cx="${x}" cy="${y}" r="${round(size * 0.62)}" fill="${symbol.color}" opacity="0.22"/>`,
    `<circle cx="${x}" cy="${y}" r="${round(size * 0.62)}" fill="none" stroke="${symbol.color}" stroke-width="3" opacity="0.8"/>`,
    symbolArtAt(symbol.glyph, symbol.color, x, y, round(size * 0.82)),
  ].join('');
}

/** Splits a name into at most two lines of similar length. */
function nameLines(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  if (name.length <= 14 || words.length < 2) return [name];
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i += 1) {
    const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (diff < bestDiff) {
      best = i;
      bestDiff = diff;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

function titleText(title: GameTitle): string {
  const lines = nameLines(title.name);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(36, Math.floor(520 / Math.max(longest, 1)));
  const halo = contrastInk(title.palette.text, 'rgba(255,255,255,0.7)', 'rgba(0,0,0,0.55)');
  const firstY = HEIGHT - 38 - (lines.length - 1) * size * 1.05;
  return lines
    .map(
      (line, i) =>
        `<text x="${WIDTH / 2}" y="${round(firstY + i * size * 1.05)}" font-size="${size}" font-weight="bold" font-family="${TEXT_FONT}" fill="${title.palette.text}" stroke="${halo}" stroke-width="4" paint-order="stroke" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

function engineBadge(title: GameTitle): string {
  const label = title.kind === 'slot' ? 'SLOTS' : 'SCRATCH';
  const width = label.length * 10 + 20;
  return [
    `<rect x="14" y="14" width="${width}" height="26" rx="13" fill="${title.palette.accent}"/>`,
    `<text x="${14 + width / 2}" y="32" font-size="13" font-weight="bold" letter-spacing="1" font-family="${TEXT_FONT}" fill="${contrastInk(title.palette.accent, '#1a1a1a', '#ffffff')}" text-anchor="middle">${label}</text>`,
  ].join('');
}

export function renderTileArt(title: GameTitle): string {
  const seed = hash32(title.id);
  const next = layoutRandom(seed);
  const pattern = patterns[seed % patterns.length] ?? patterns[0];
  // Ids are namespaced by title so many tiles can be inlined in one page.
  const bg = `bg-${title.id}`;
  const glow = `glow-${title.id}`;
  const angle = Math.floor(next() * 360);
  const [hero, left, right] = heroSymbols(title);
  const name = escapeXml(title.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${name}">`,
    `<title>${name}</title>`,
    '<defs>',
    `<linearGradient id="${bg}" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${title.palette.from}"/><stop offset="1" stop-color="${title.palette.to}"/></linearGradient>`,
    `<radialGradient id="${glow}"><stop offset="0" stop-color="${title.palette.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${title.palette.accent}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="24" fill="url(#${bg})"/>`,
    `<g>${pattern ? pattern(next, title.palette.accent) : ''}</g>`,
    `<circle cx="150" cy="170" r="130" fill="url(#${glow})"/>`,
    left ? symbolBadge(left, 62, 238, 54) : '',
    right ? symbolBadge(right, 238, 238, 54) : '',
    hero ? symbolBadge(hero, 150, 160, 104) : '',
    engineBadge(title),
    titleText(title),
    `<rect x="3" y="3" width="${WIDTH - 6}" height="${HEIGHT - 6}" rx="22" fill="none" stroke="${title.palette.accent}" stroke-width="4" opacity="0.7"/>`,
    '</svg>',
  ].join('');
}
