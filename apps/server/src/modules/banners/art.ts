import type { BannerTheme } from '../../db/schema/index.js';
import { hasSymbolArt, symbolArtAt } from '../../rgs/math/symbol-art.js';

/**
 * A banner's artwork (seeded banners with generated artwork, no external images): a
 * 480x320 card in the banner's colours with its emblem, title and subtitle, as SVG. The emblem
 * is drawn as vector art (the same drawings as the game symbols), never as an emoji character for
 * the system font; an emblem without artwork gets a star in the accent colour.
 */
const WIDTH = 480;
const HEIGHT = 320;
const TEXT_FONT = "'Trebuchet MS', 'Segoe UI', Verdana, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Splits text into lines of at most `width` characters, at word boundaries. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

export function renderBannerArt(banner: { slug: string; title: string; subtitle: string; theme: BannerTheme }): string {
  const { from, to, accent, emblem } = banner.theme;
  const id = banner.slug.replace(/[^a-z0-9-]/gi, '');
  const titleLines = wrap(banner.title, 16, 2);
  const subtitleLines = wrap(banner.subtitle, 30, 2);
  const titleSize = titleLines.some((line) => line.length > 12) ? 38 : 44;
  const titleY = 200 - (titleLines.length - 1) * titleSize;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(banner.title)}">`,
    '<defs>',
    `<linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="glow-${id}"><stop offset="0" stop-color="${accent}" stop-opacity="0.7"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="28" fill="url(#bg-${id})"/>`,
    `<circle cx="380" cy="96" r="150" fill="url(#glow-${id})"/>`,
    ...Array.from({ length: 9 }, (_, i) => {
      const x = 30 + ((i * 97) % 420);
      const y = 24 + ((i * 53) % 110);
      return `<circle cx="${x}" cy="${y}" r="${2 + (i % 3)}" fill="#fff" opacity="${0.25 + (i % 4) * 0.12}"/>`;
    }),
    hasSymbolArt(emblem)
      ? symbolArtAt(emblem, accent, 380, 104, 120)
      : `<path fill="${accent}" d="M380 44 l17 38 41 4 -31 27 9 41 -36 -21 -36 21 9 -41 -31 -27 41 -4 Z"/>`,
    ...titleLines.map(
      (line, i) =>
        `<text x="32" y="${titleY + i * titleSize}" font-size="${titleSize}" font-weight="900" font-family="${TEXT_FONT}" fill="#fff" stroke="rgba(0,0,0,0.35)" stroke-width="4" paint-order="stroke">${escapeXml(line)}</text>`,
    ),
    ...subtitleLines.map(
      (line, i) =>
        `<text x="32" y="${246 + i * 26}" font-size="21" font-weight="600" font-family="${TEXT_FONT}" fill="${accent}">${escapeXml(line)}</text>`,
    ),
    `<rect x="3" y="3" width="${WIDTH - 6}" height="${HEIGHT - 6}" rx="26" fill="none" stroke="${accent}" stroke-width="3" opacity="0.6"/>`,
    '</svg>',
  ].join('');
}
