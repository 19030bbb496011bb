import { reencodeImage, type ReencodedImage } from '../../lib/image-reencode.js';

/** The longest side of a stored avatar, in pixels. */
export const AVATAR_SIZE = 512;

/** The avatar upload (multipart field `document`), re-encoded to fit AVATAR_SIZE (lib/image-reencode.ts). */
export function reencodeAvatar(file: Buffer): Promise<ReencodedImage> {
  return reencodeImage(file, { maxWidth: AVATAR_SIZE, maxHeight: AVATAR_SIZE, field: 'document' });
}
