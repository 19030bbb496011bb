import { adminAccess } from '@casino/contracts/admin';
import {
  adminBannerSchema,
  adminCmsPageSchema,
  adminPackageSchema,
  adminPopupSchema,
  adminSiteConfigSchema,
  adminVipTierSchema,
  adminWheelSchema,
  contentImageRules,
  contentImageSchema,
  contentVersionSchema,
  createBannerRequestSchema,
  createCmsPageRequestSchema,
  createPackageRequestSchema,
  updateBannerRequestSchema,
  updateCmsPageRequestSchema,
  updateGeolocationModeRequestSchema,
  updatePackageRequestSchema,
  updatePopupRequestSchema,
  updateSiteConfigRequestSchema,
  updateVipTierRequestSchema,
  updateWheelWeightsRequestSchema,
} from '@casino/contracts/admin-content';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.js';
import { readUploadedImage } from '../../http/upload.js';
import { createContentBanners } from './content-banners.js';
import { createContentCmsPages } from './content-cms-pages.js';
import { createContentImageUploads } from './content-images.js';
import { createContentPackages } from './content-packages.js';
import { createContentPopups } from './content-popups.js';
import { createContentSiteConfig } from './content-site-config.js';
import { createContentSpinWheel } from './content-spin-wheel.js';
import { createContentVip } from './content-vip.js';
import type { AdminRouteModule } from './kit.js';

const packageParams = z.object({ packageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const popupParams = z.object({ popupId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tierParams = z.object({ tierId: z.coerce.number().int().min(1).max(20) });
const bannerParams = z.object({ bannerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const cmsParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,99}$/) });
const listOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int() });

/** The content desk: the lobby's banners and the store's packages and offers, each change versioned and audited. */
export const contentDesk: AdminRouteModule = async (instance, ctx, kit) => {
  await instance.register(fastifyMultipart, { limits: { fileSize: contentImageRules.maxBytes, files: 1, fields: 5, parts: 6 } });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const content = createContentBanners(ctx, kit);
  const storePackages = createContentPackages(ctx, kit);
  const site = createContentSiteConfig(ctx, kit);
  const wheel = createContentSpinWheel(ctx, kit);
  const vip = createContentVip(ctx, kit);
  const contentPopups = createContentPopups(ctx, kit);
  const cms = createContentCmsPages(ctx, kit);
  const images = createContentImageUploads(ctx, kit);
  const manage = kit.requireRole(...adminAccess.contentManage);
  const readSiteConfig = kit.requireRole(...adminAccess.siteConfigRead);

  app.post(
    '/content/images',
    {
      preHandler: manage,
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['admin'],
        summary:
          'Uploads an image for a banner, popup or package (multipart field `image`): JPEG or PNG by content, at most 5 MB, re-encoded without metadata, at most 1920 px; answers its address',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(contentImageSchema) },
      },
    },
    async (request) => {
      const file = await readUploadedImage(request, { field: 'image', maxBytes: contentImageRules.maxBytes });
      return ok(await images.upload(request, file), 'Image uploaded.');
    },
  );

  app.get(
    '/content/banners',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'Every banner (active or not) with its version, in page and carousel order',
        response: { 200: envelope(listOf(adminBannerSchema)) },
      },
    },
    async () => {
      const rows = await content.list();
      return ok({ rows, count: rows.length });
    },
  );

  app.post(
    '/content/banners',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'Creates a banner (version 1, audited with its reason)',
        body: createBannerRequestSchema,
        response: { 200: envelope(adminBannerSchema) },
      },
    },
    async (request) => ok(await content.create(request, request.body), 'Banner created.'),
  );

  app.put(
    '/content/banners/:bannerId',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'Changes a banner made on its current version (3851 otherwise); keeps the old version and audits the change',
        params: bannerParams,
        body: updateBannerRequestSchema,
        response: { 200: envelope(adminBannerSchema) },
      },
    },
    async (request) => ok(await content.update(request, request.params.bannerId, request.body), 'Banner saved.'),
  );

  app.get(
    '/content/banners/:bannerId/versions',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "A banner's kept versions, newest first: before and after, who, why, when",
        params: bannerParams,
        response: { 200: envelope(listOf(contentVersionSchema)) },
      },
    },
    async (request) => {
      const rows = await content.versions(request.params.bannerId);
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/content/packages',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "Every store package and flash-sale offer (on sale or not) with its version, in the store's order",
        response: { 200: envelope(listOf(adminPackageSchema)) },
      },
    },
    async () => {
      const rows = await storePackages.list();
      return ok({ rows, count: rows.length });
    },
  );

  app.post(
    '/content/packages',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Creates a package or offer with the same rules as a change (version 1, audited with its reason); a name another package has is 3850',
        body: createPackageRequestSchema,
        response: { 200: envelope(adminPackageSchema) },
      },
    },
    async (request) => ok(await storePackages.create(request, request.body), 'Package created.'),
  );

  app.put(
    '/content/packages/:packageId',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Changes a package or offer made on its current version (3851 otherwise): price above 0, some coins; keeps the old version and audits the change',
        params: packageParams,
        body: updatePackageRequestSchema,
        response: { 200: envelope(adminPackageSchema) },
      },
    },
    async (request) => ok(await storePackages.update(request, request.params.packageId, request.body), 'Package saved.'),
  );

  app.get(
    '/content/packages/:packageId/versions',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "A package's kept versions, newest first: before and after, who, why, when",
        params: packageParams,
        response: { 200: envelope(listOf(contentVersionSchema)) },
      },
    },
    async (request) => {
      const rows = await storePackages.versions(request.params.packageId);
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/content/site-config',
    {
      preHandler: readSiteConfig,
      schema: {
        tags: ['admin'],
        summary: 'The site configuration (site name, support e-mail, blocked regions, the location gate mode) and its version',
        response: { 200: envelope(adminSiteConfigSchema) },
      },
    },
    async () => ok(await site.read()),
  );

  app.put(
    '/content/site-config',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Changes the site configuration made on its current version (3851 otherwise); the location check applies new blocked regions at its next decision',
        body: updateSiteConfigRequestSchema,
        response: { 200: envelope(adminSiteConfigSchema) },
      },
    },
    async (request) => ok(await site.update(request, request.body), 'Site configuration saved.'),
  );

  app.put(
    '/content/site-config/geolocation-mode',
    {
      preHandler: kit.requireRole(...adminAccess.geolocationModeChange),
      schema: {
        tags: ['admin'],
        summary:
          'Switches the location gate between enforce and monitor (compliance or admin), made on the current version (3851 otherwise); every server process applies it to its next guarded request; production stays enforce',
        body: updateGeolocationModeRequestSchema,
        response: { 200: envelope(adminSiteConfigSchema) },
      },
    },
    async (request) => ok(await site.updateGeolocationMode(request, request.body), 'Location check mode saved.'),
  );

  app.get(
    '/content/site-config/versions',
    {
      preHandler: readSiteConfig,
      schema: {
        tags: ['admin'],
        summary: "The site configuration's kept versions, newest first",
        response: { 200: envelope(listOf(contentVersionSchema)) },
      },
    },
    async () => {
      const rows = await site.versions();
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/content/spin-wheel',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "The spin wheel's segments (prizes, weights, each one's chance) and its version",
        response: { 200: envelope(adminWheelSchema) },
      },
    },
    async () => ok(await wheel.read()),
  );

  app.put(
    '/content/spin-wheel',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "Sets the weights of the wheel's segments (each at least 1) made on its current version; the next spin draws by them",
        body: updateWheelWeightsRequestSchema,
        response: { 200: envelope(adminWheelSchema) },
      },
    },
    async (request) => ok(await wheel.update(request, request.body), 'Spin-wheel weights saved.'),
  );

  app.get(
    '/content/spin-wheel/versions',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "The wheel weights' kept versions, newest first",
        response: { 200: envelope(listOf(contentVersionSchema)) },
      },
    },
    async () => {
      const rows = await wheel.versions();
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/content/vip-tiers',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'The VIP tiers with their thresholds, rewards and percentages, each with its version',
        response: { 200: envelope(listOf(adminVipTierSchema)) },
      },
    },
    async () => {
      const rows = await vip.list();
      return ok({ rows, count: rows.length });
    },
  );

  app.put(
    '/content/vip-tiers/:tierId',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "Changes a VIP tier's values made on its current version; thresholds stay between the tiers below and above",
        params: tierParams,
        body: updateVipTierRequestSchema,
        response: { 200: envelope(adminVipTierSchema) },
      },
    },
    async (request) => ok(await vip.update(request, request.params.tierId, request.body), 'VIP tier saved.'),
  );

  app.get(
    '/content/vip-tiers/:tierId/versions',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "A VIP tier's kept versions, newest first",
        params: tierParams,
        response: { 200: envelope(listOf(contentVersionSchema)) },
      },
    },
    async (request) => {
      const rows = await vip.versions(request.params.tierId);
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/content/popups',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'Every popup (shown or not) with its version, by page and order',
        response: { 200: envelope(listOf(adminPopupSchema)) },
      },
    },
    async () => {
      const rows = await contentPopups.list();
      return ok({ rows, count: rows.length });
    },
  );

  app.put(
    '/content/popups/:popupId',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "Changes a popup's texts, button, page and audience made on its current version; keeps the old version and audits it",
        params: popupParams,
        body: updatePopupRequestSchema,
        response: { 200: envelope(adminPopupSchema) },
      },
    },
    async (request) => ok(await contentPopups.update(request, request.params.popupId, request.body), 'Popup saved.'),
  );

  app.get(
    '/content/popups/:popupId/versions',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "A popup's kept versions, newest first",
        params: popupParams,
        response: { 200: envelope(listOf(contentVersionSchema)) },
      },
    },
    async (request) => {
      const rows = await contentPopups.versions(request.params.popupId);
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/content/cms-pages',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'Every CMS page (active or not) with its English title and HTML and its version',
        response: { 200: envelope(listOf(adminCmsPageSchema)) },
      },
    },
    async () => {
      const rows = await cms.list();
      return ok({ rows, count: rows.length });
    },
  );

  app.get(
    '/content/cms-pages/:slug',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'One CMS page with its English title and HTML and its version',
        params: cmsParams,
        response: { 200: envelope(adminCmsPageSchema) },
      },
    },
    async (request) => ok(await cms.read(request.params.slug)),
  );

  app.post(
    '/content/cms-pages',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Creates a CMS page at /cms/<slug>, its HTML sanitised on save (version 1, audited with its reason); an address another page has is 3850',
        body: createCmsPageRequestSchema,
        response: { 200: envelope(adminCmsPageSchema) },
      },
    },
    async (request) => ok(await cms.create(request, request.body), 'Page created.'),
  );

  app.put(
    '/content/cms-pages/:slug',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary:
          "Changes a CMS page's title and HTML made on its current version (3851 otherwise); the HTML is sanitised on save; keeps the old version and audits it",
        params: cmsParams,
        body: updateCmsPageRequestSchema,
        response: { 200: envelope(adminCmsPageSchema) },
      },
    },
    async (request) => ok(await cms.update(request, request.params.slug, request.body), 'Page saved.'),
  );

  app.get(
    '/content/cms-pages/:slug/versions',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "A CMS page's kept versions, newest first",
        params: cmsParams,
        response: { 200: envelope(listOf(contentVersionSchema)) },
      },
    },
    async (request) => {
      const rows = await cms.versions(request.params.slug);
      return ok({ rows, count: rows.length });
    },
  );
};
