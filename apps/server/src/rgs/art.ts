import { createHash } from 'node:crypto';
import { getTitle, renderTileArt } from './math/index.js';

/**
 * Game artwork (issue 5 point 1): each title's tile is an SVG drawn from its theme by
 * renderTileArt, served at a stable URL that the catalogue stores as the game's imageUrl.
 */
export function artUrl(identifier: string): string {
  return `/rgs/art/${identifier}.svg`;
}

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
