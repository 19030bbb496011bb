import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { contentImages } from '../../db/schema/index.js';
import type { ImageContentType, ReencodedImage } from '../../lib/image-reencode.js';

/**
 * Images of the site's content (banners, popups, store packages) uploaded from the back office,
 * kept in the database like the avatars so that every server process serves them. An image is
 * named by the SHA-256 of its re-encoded bytes: its address can be cached for a year, and the
 * same image uploaded twice is stored once.
 */
export const CONTENT_IMAGE_PATH_PREFIX = '/api/v1/content-images/';

const extensionOf: Record<ImageContentType, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export function contentImagePath(id: string, contentType: ImageContentType): string {
  return `${CONTENT_IMAGE_PATH_PREFIX}${id}.${extensionOf[contentType]}`;
}

export interface StoredContentImage {
  id: string;
  url: string;
  contentType: ImageContentType;
  width: number;
  height: number;
  bytes: number;
}

export interface ContentImageService {
  /** Stores a re-encoded image (once per content) in the caller's transaction. */
  save(tx: DbExecutor, image: ReencodedImage, uploadedBy: number): Promise<StoredContentImage>;
  /** An image by its file name (`<sha256>.<png|jpg>`); null for any other name. */
  find(file: string): Promise<{ contentType: string; bytes: Buffer } | null>;
}

export function createContentImageService(db: Database): ContentImageService {
  return {
    async save(tx, image, uploadedBy) {
      const id = createHash('sha256').update(image.bytes).digest('hex');
      await tx
        .insert(contentImages)
        .values({ id, contentType: image.contentType, bytes: image.bytes, width: image.width, height: image.height, uploadedBy })
        .onConflictDoNothing({ target: contentImages.id });
      return {
        id,
        url: contentImagePath(id, image.contentType),
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.bytes.length,
      };
    },

    async find(file) {
      const match = /^([0-9a-f]{64})\.(png|jpg)$/.exec(file);
      if (!match) return null;
      const [row] = await db
        .select({ contentType: contentImages.contentType, bytes: contentImages.bytes })
        .from(contentImages)
        .where(eq(contentImages.id, match[1]!));
      if (!row || extensionOf[row.contentType as ImageContentType] !== match[2]) return null;
      return row;
    },
  };
}
