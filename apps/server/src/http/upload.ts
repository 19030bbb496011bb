import { accountTexts } from '@casino/contracts/account';
import type { FastifyRequest } from 'fastify';
import { invalidImageType } from '../lib/image-reencode.js';
import { AppError } from './errors.js';

/**
 * The image file of a multipart upload (the route's scope registers @fastify/multipart with a
 * fileSize limit of maxBytes): the first file in `field`; other files are drained unread. A
 * request without it, or with an empty one, is refused like a wrong type; a file above the limit
 * with the size message.
 */
export async function readUploadedImage(request: FastifyRequest, upload: { field: string; maxBytes: number }): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidImageType(upload.field);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === upload.field && !bytes) bytes = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const max = String(Math.floor(upload.maxBytes / 100_000) / 10);
      const message = accountTexts.imageTooLarge.replace('{max}', max);
      throw new AppError('RequestInputValidation', message, { issues: [{ field: upload.field, message }] });
    }
    throw error;
  }
  if (!bytes || bytes.length === 0) throw invalidImageType(upload.field);
  return bytes;
}
