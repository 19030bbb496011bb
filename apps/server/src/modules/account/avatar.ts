import { accountTexts } from '@casino/contracts/account';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../http/errors.js';

/** The longest side of a stored avatar, in pixels. */
export const AVATAR_SIZE = 512;
/** Decoding stops above this many pixels: a tiny file cannot expand into gigabytes (a "pixel bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG or PNG by the file's first bytes; the name and the declared type are not trusted. */
export function sniffImageType(file: Buffer): 'jpeg' | 'png' | null {
  if (file.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  if (file.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  return null;
}

function invalidType(): AppError {
  return new AppError('RequestInputValidation', accountTexts.imageInvalidType, {
    issues: [{ field: 'document', message: accountTexts.imageInvalidType }],
  });
}

/**
 * Decodes the upload with sharp (libvips), turns it upright by its EXIF orientation, scales it
 * down to fit AVATAR_SIZE and encodes it again in its own format. Only pixels survive: sharp
 * writes no EXIF, GPS, XMP or ICC data unless asked, and anything hidden after the image's end
 * is not decoded, so it cannot be served back.
 */
export async function reencodeAvatar(file: Buffer): Promise<{ contentType: 'image/jpeg' | 'image/png'; bytes: Buffer }> {
  const sniffed = sniffImageType(file);
  if (!sniffed) throw invalidType();
  let pipeline: Sharp;
  try {
    pipeline = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await pipeline.metadata();
    if (metadata.format !== sniffed) throw invalidType();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidType();
  }
  const resized = pipeline.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true });
  try {
    if (sniffed === 'png') return { contentType: 'image/png', bytes: await resized.png({ compressionLevel: 9 }).toBuffer() };
    return { contentType: 'image/jpeg', bytes: await resized.jpeg({ quality: 85 }).toBuffer() };
  } catch {
    // A file whose header is an image but whose body is not decodes to nothing.
    throw invalidType();
  }
}
