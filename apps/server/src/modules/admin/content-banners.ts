import type { BannerPageName } from '@casino/contracts/banners';
import type { AdminBanner, ContentVersion } from '@casino/contracts/admin-content';
import type { bannerFieldsSchema } from '@casino/contracts/admin-content';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { bannerExists, insertBanner, listAllBanners, lockBanner, slugTaken, updateBanner, type BannerRow } from '../banners/back-office.js';
import { bannerImageUrl } from '../banners/service.js';
import { keepVersion, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * The content desk's banners: every field of the lobby's banners. A change is
 * made on the version the operator saw (an older one is refused with 3851), raises the banner's
 * version (its image address carries it, so browsers drop the old artwork), keeps the state before
 * and after as a version, and is recorded in the audit trail with its reason, all in one
 * transaction. The lobby reads the table on every request (no server cache to clear). The banners
 * module makes the change (banners/back-office.ts); this desk keeps the version and the audit record.
 */
type BannerFields = z.output<typeof bannerFieldsSchema>;

const CONTENT_TYPE = 'banner';

/** What a version keeps: everything an operator can change. */
function snapshot(row: BannerRow) {
  return {
    slug: row.slug,
    pageName: row.pageName,
    visibility: row.visibility,
    title: row.title,
    subtitle: row.subtitle,
    redirectUrl: row.redirectUrl,
    theme: row.theme,
    orderId: row.orderId,
    isActive: row.isActive,
    customImageUrl: row.imageUrl,
  };
}

function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    bannerId: row.id,
    slug: row.slug,
    pageName: row.pageName as BannerPageName,
    visibility: row.visibility === 1 ? 1 : 0,
    title: row.title,
    subtitle: row.subtitle,
    redirectUrl: row.redirectUrl,
    theme: row.theme,
    orderId: row.orderId,
    isActive: row.isActive,
    version: row.version,
    imageUrl: row.imageUrl ?? bannerImageUrl(row.slug, row.version),
    customImageUrl: row.imageUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface ContentBanners {
  list(): Promise<AdminBanner[]>;
  create(request: FastifyRequest, input: BannerFields & { slug: string; reason: string }): Promise<AdminBanner>;
  update(request: FastifyRequest, bannerId: number, input: BannerFields & { version: number; reason: string }): Promise<AdminBanner>;
  versions(bannerId: number): Promise<ContentVersion[]>;
}

export function createContentBanners(ctx: AppContext, kit: AdminRouteKit): ContentBanners {
  const fieldsOf = (input: BannerFields, current?: BannerRow) => ({
    imageUrl: input.customImageUrl === undefined ? (current?.imageUrl ?? null) : input.customImageUrl,
    pageName: input.pageName,
    visibility: input.visibility,
    title: input.title,
    subtitle: input.subtitle,
    redirectUrl: input.redirectUrl,
    theme: input.theme,
    orderId: input.orderId,
    isActive: input.isActive,
  });

  return {
    async list() {
      const rows = await listAllBanners(ctx.db);
      return rows.map(toAdminBanner);
    },

    async create(request, input) {
      return ctx.db.transaction(async (tx) => {
        if (await slugTaken(tx, input.slug)) throw new AppError('ContentSlugExists', 'A banner with this name already exists.');
        const row = await insertBanner(tx, input.slug, fieldsOf(input));
        const after = snapshot(row);
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: String(row.id),
          version: 1,
          before: null,
          after,
          operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'content.banner.create',
          targetType: CONTENT_TYPE,
          targetId: String(row.id),
          after: { version: 1, ...after },
          reason: input.reason,
        });
        return toAdminBanner(row);
      });
    },

    async update(request, bannerId, input) {
      return ctx.db.transaction(async (tx) => {
        const current = await lockBanner(tx, bannerId);
        if (!current) throw new AppError('NotFound', 'This banner was not found.');
        if (current.version !== input.version) {
          throw new AppError(
            'ContentVersionStale',
            'Someone changed this banner in the meantime. Reload to see their change, then make yours again.',
          );
        }
        const version = current.version + 1;
        const row = await updateBanner(tx, bannerId, fieldsOf(input, current), version);
        const before = snapshot(current);
        const after = snapshot(row);
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: String(bannerId),
          version,
          before,
          after,
          operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'content.banner.update',
          targetType: CONTENT_TYPE,
          targetId: String(bannerId),
          before: { version: current.version, ...before },
          after: { version, ...after },
          reason: input.reason,
        });
        return toAdminBanner(row);
      });
    },

    async versions(bannerId) {
      if (!(await bannerExists(ctx.db, bannerId))) throw new AppError('NotFound', 'This banner was not found.');
      return versionsOf(ctx.db, CONTENT_TYPE, String(bannerId));
    },
  };
}
