import { accountTexts } from '@casino/contracts/account';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../http/errors.js';

/**
 * The one way an uploaded image enters the site (the players' avatars, the content desk's images):
 * the type is read from the bytes, confirmed by decoding, and only re-encoded pixels are kept.
 */

/** Decoding stops above this many pixels: a tiny file cannot expand into gigabytes (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type ImageContentType = 'image/jpeg' | 'image/png';

export interface ReencodedImage {
  contentType: ImageContentType;
  bytes: Buffer;
  width: number;
  height: number;
}

/** JPEG or PNG by the file's first bytes; the name and the declared type are not trusted. */
export function sniffImageType(file: Buffer): 'jpeg' | 'png' | null {
  if (file.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  if (file.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  return null;
}

/** The 400 for a file that is not a JPEG or PNG image, on the form field that carried it. */
export function invalidImageType(field: string): AppError {
  return new AppError('RequestInputValidation', accountTexts.imageInvalidType, {
    issues: [{ field, message: accountTexts.imageInvalidType }],
  });
}

/**
 * Decodes the upload with sharp (libvips), turns it upright by its EXIF orientation, scales it
 * down to fit the box (never up) and encodes it again in its own format. Only pixels survive:
 * sharp writes no EXIF, GPS, XMP or ICC data unless asked, and anything hidden after the image's
 * end is not decoded, so it cannot be served back.
 */
export async function reencodeImage(file: Buffer, box: { maxWidth: number; maxHeight: number; field: string }): Promise<ReencodedImage> {
  const sniffed = sniffImageType(file);
  if (!sniffed) throw invalidImageType(box.field);
  let pipeline: Sharp;
  try {
    pipeline = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await pipeline.metadata();
    if (metadata.format !== sniffed) throw invalidImageType(box.field);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidImageType(box.field);
  }
  const resized = pipeline.rotate().resize(box.maxWidth, box.maxHeight, { fit: 'inside', withoutEnlargement: true });
  try {
    const encoded = sniffed === 'png' ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { contentType: sniffed === 'png' ? 'image/png' : 'image/jpeg', bytes: data, width: info.width, height: info.height };
  } catch {
    // A file whose header is an image but whose body is not decodes to nothing.
    throw invalidImageType(box.field);
  }
}
