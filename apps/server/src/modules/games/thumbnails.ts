import { symbolArtAt } from '../../rgs/math/symbol-art.js';

/**
 * Small generated artwork for sub-categories and providers (no external images),
 * as SVG data URLs stored with the row: a few hundred bytes each, drawn inline by the lobby.
 */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function dataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A rounded square with the sub-category's emblem on its gradient. */
export function subCategoryIcon(emblem: string, [from, to]: readonly [string, string]): string {
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#g)"/>${symbolArtAt(emblem, from, 32, 32, 40)}</svg>`,
  );
}

/** A studio badge: its monogram on its colours. */
export function providerThumbnail(monogram: string, [from, to]: readonly [string, string]): string {
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="120" height="60" rx="12" fill="url(#g)"/><text x="60" y="31" font-size="28" font-weight="bold" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="'Trebuchet MS','Segoe UI',sans-serif" letter-spacing="2">${escapeXml(monogram)}</text></svg>`,
  );
}
