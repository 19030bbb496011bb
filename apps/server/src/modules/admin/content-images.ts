import { contentImageRules, type ContentImage } from '@casino/contracts/admin-content';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { reencodeImage } from '../../lib/image-reencode.js';
import { createContentImageService } from '../content-images/service.js';
import type { AdminRouteKit } from './kit.js';

/**
 * Image uploads of the content desk: checked and re-encoded exactly like the
 * players' avatars (lib/image-reencode.ts), scaled down to fit contentImageRules, stored by
 * content hash and recorded in the audit trail. The image is used once an operator saves its
 * address on a banner, popup or package (that change is versioned and audited in its turn).
 */
export interface ContentImageUploads {
  upload(request: FastifyRequest, file: Buffer): Promise<ContentImage>;
}

export function createContentImageUploads(ctx: AppContext, kit: AdminRouteKit): ContentImageUploads {
  const images = createContentImageService(ctx.db);
  return {
    async upload(request, file) {
      const image = await reencodeImage(file, {
        maxWidth: contentImageRules.maxWidth,
        maxHeight: contentImageRules.maxHeight,
        field: 'image',
      });
      const { operatorId } = kit.operatorOf(request);
      return ctx.db.transaction(async (tx) => {
        const stored = await images.save(tx, image, operatorId);
        const { id, ...answer } = stored;
        await kit.audit(tx, request, { action: 'content.image.upload', targetType: 'content_image', targetId: id, after: answer });
        return answer;
      });
    },
  };
}
