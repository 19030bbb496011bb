import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * The site's generated artwork (game tiles, banners) is drawn as SVG and served to browsers as
 * WebP pixels: a browser turns every SVG image into a document of its own, parsed, laid out and
 * painted on the page's main thread (5-30 ms each on a slow phone, a dozen on the lobby), while a
 * WebP image is decoded off it (docs/decisions/067). The SVG stays the source and is still served.
 */

export interface RasterImage {
  bytes: Buffer;
  etag: string;
}

/** The drawing is rendered at twice the target size and scaled down: smooth edges and small text. */
const SUPERSAMPLE = 2;
const WEBP_QUALITY = 70;
/** Renderings kept per process: the lobby's artwork is a few hundred images at most. */
const MAX_CACHED = 500;

const cache = new Map<string, Promise<RasterImage>>();

/** The SVG's own width (its `width` attribute), which sharp renders at 72 dpi. */
function svgWidth(svg: string): number {
  const width = /<svg\b[^>]*\bwidth="(\d+(?:\.\d+)?)"/.exec(svg)?.[1];
  if (!width) throw new Error('The SVG has no width attribute to scale from.');
  return Number(width);
}

async function render(svg: string, width: number): Promise<RasterImage> {
  const density = (72 * width * SUPERSAMPLE) / svgWidth(svg);
  const bytes = await sharp(Buffer.from(svg), { density }).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

/**
 * The SVG as a WebP image `width` pixels wide (its height in proportion), rendered once per
 * process for each drawing and width; concurrent requests for one image share one rendering.
 */
export function svgAsWebp(svg: string, width: number): Promise<RasterImage> {
  const key = `${width}:${createHash('sha256').update(svg).digest('base64url')}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const rendering = render(svg, width);
  // A failed rendering is not kept: the next request tries again (unless the entry is a newer one).
  rendering.catch(() => {
    if (cache.get(key) === rendering) cache.delete(key);
  });
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, rendering);
  return rendering;
}
