import { createHash } from 'node:crypto';
import { getTitle, renderTileArt } from './math/index.js';

/**
 * Game artwork: each title's tile is an SVG drawn from its theme by
 * renderTileArt. The catalogue stores the address of its pixels (WebP, 300x400, the tile's size
 * on a phone at 1.75x), which the lobby shows; the drawing itself stays at the same address with
 * .svg (docs/decisions/067).
 */
export function artUrl(identifier: string): string {
  return `/rgs/art/${identifier}.webp`;
}

/** The width of the tile art's pixels: the drawing's own 300x400. */
export const TILE_ART_WIDTH = 300;

export interface TileArt {
  svg: string;
  etag: string;
}

const rendered = new Map<string, TileArt>();

/** The title's artwork, rendered once per process (it is a pure function of the title). */
export function tileArt(identifier: string): TileArt | undefined {
  const cached = rendered.get(identifier);
  if (cached) return cached;
  const title = getTitle(identifier);
  if (!title) return undefined;
  const svg = renderTileArt(title);
  const art = { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"` };
  rendered.set(identifier, art);
  return art;
}
