import {
  cmsPageMessages,
  type AdminCmsPage,
  type ContentVersion,
  type createCmsPageRequestSchema,
  type updateCmsPageRequestSchema,
} from '@casino/contracts/admin-content';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { findPage, insertPage, listAllPages, lockPage, updatePageText, type CmsPageRow } from '../cms/back-office.js';
import { sanitiseCmsHtml } from './cms-sanitise.js';
import { keepVersion, latestVersion, latestVersions, versionsOf } from './content-versions.js';
import type { AdminRouteKit } from './kit.js';

/**
 * CMS pages from the back office: the English title and HTML of the policy,
 * contact and rules pages, and new pages. The HTML is sanitised on save (cms-sanitise.ts), and the player site
 * reads the table on each request (modules/cms), so the next visit shows the change. A page's
 * version is the latest kept one (1 before any change; cms_pages has no version column), and the
 * page's row is locked while a change is made, so two changes cannot both be made on one version. The cms module writes the page
 * (cms/back-office.ts); this desk keeps the version and the audit record.
 */
type CmsPageChange = z.output<typeof updateCmsPageRequestSchema>;
type NewCmsPage = z.output<typeof createCmsPageRequestSchema>;

const CONTENT_TYPE = 'cms_page';

function toAdmin(row: CmsPageRow, version: number): AdminCmsPage {
  return {
    slug: row.slug,
    title: row.title.EN ?? '',
    content: row.content.EN ?? '',
    category: row.category,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
    version,
  };
}

export interface ContentCmsPages {
  list(): Promise<AdminCmsPage[]>;
  read(slug: string): Promise<AdminCmsPage>;
  /** A new page at /cms/<slug> (version 1), its HTML sanitised like a change; the address must be free (3850). */
  create(request: FastifyRequest, input: NewCmsPage): Promise<AdminCmsPage>;
  update(request: FastifyRequest, slug: string, input: CmsPageChange): Promise<AdminCmsPage>;
  versions(slug: string): Promise<ContentVersion[]>;
}

export function createContentCmsPages(ctx: AppContext, kit: AdminRouteKit): ContentCmsPages {
  return {
    async list() {
      const rows = await listAllPages(ctx.db);
      const versions = await latestVersions(ctx.db, CONTENT_TYPE);
      return rows.map((row) => toAdmin(row, versions.get(row.slug) ?? 1));
    },

    async read(slug) {
      const row = await findPage(ctx.db, slug);
      if (!row) throw new AppError('NotFound', 'This CMS page was not found.');
      return toAdmin(row, await latestVersion(ctx.db, CONTENT_TYPE, slug));
    },

    async create(request, input) {
      return ctx.db.transaction(async (tx) => {
        const after = { title: input.title, content: sanitiseCmsHtml(input.content) };
        const row = await insertPage(tx, {
          slug: input.slug,
          title: { EN: after.title },
          content: { EN: after.content },
          category: input.category,
          isActive: input.isActive,
        });
        if (!row)
          throw new AppError('ContentSlugExists', cmsPageMessages.slugTaken, {
            issues: [{ field: 'body.slug', message: cmsPageMessages.slugTaken }],
          });
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, {
          contentType: CONTENT_TYPE,
          contentId: row.slug,
          version: 1,
          before: null,
          after,
          operatorId,
          reason: input.reason,
        });
        await kit.audit(tx, request, {
          action: 'content.cms_page.create',
          targetType: CONTENT_TYPE,
          targetId: row.slug,
          after: { version: 1, title: after.title, contentLength: after.content.length, category: row.category, isActive: row.isActive },
          reason: input.reason,
        });
        return toAdmin(row, 1);
      });
    },

    async update(request, slug, input) {
      return ctx.db.transaction(async (tx) => {
        const row = await lockPage(tx, slug);
        if (!row) throw new AppError('NotFound', 'This CMS page was not found.');
        const current = await latestVersion(tx, CONTENT_TYPE, slug);
        if (current !== input.version) {
          throw new AppError(
            'ContentVersionStale',
            'Someone changed this page in the meantime. Reload to see their change, then make yours again.',
          );
        }
        const before = { title: row.title.EN ?? '', content: row.content.EN ?? '' };
        const after = { title: input.title, content: sanitiseCmsHtml(input.content) };
        const saved = await updatePageText(tx, slug, {
          title: { ...row.title, EN: after.title },
          content: { ...row.content, EN: after.content },
        });
        const version = current + 1;
        const { operatorId } = kit.operatorOf(request);
        await keepVersion(tx, { contentType: CONTENT_TYPE, contentId: slug, version, before, after, operatorId, reason: input.reason });
        await kit.audit(tx, request, {
          action: 'content.cms_page.update',
          targetType: CONTENT_TYPE,
          targetId: slug,
          before: { version: current, title: before.title, contentLength: before.content.length },
          after: { version, title: after.title, contentLength: after.content.length },
          reason: input.reason,
        });
        return toAdmin(saved, version);
      });
    },

    versions: (slug) => versionsOf(ctx.db, CONTENT_TYPE, slug),
  };
}
