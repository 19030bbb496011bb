import { z } from 'zod';

/**
 * CMS pages (seed 000 section 3 'CMS page': slug, title.EN, content.EN, category). Content is HTML
 * limited to simple text markup (headings, paragraphs, lists, emphasis, links); the web app renders
 * only that allow-list. Category 1 pages are the footer's policy pages, category 2 the sidebar's link.
 */
export const cmsSlugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'Not a page address');

const localizedTextSchema = z.object({ EN: z.string() }).catchall(z.string());

export const cmsPageSummarySchema = z.object({
  slug: z.string(),
  title: localizedTextSchema,
  category: z.number().int(),
});
export type CmsPageSummary = z.infer<typeof cmsPageSummarySchema>;

export const cmsPageSchema = cmsPageSummarySchema.extend({
  content: localizedTextSchema,
  updatedAt: z.string(),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

export const cmsListSchema = z.object({ rows: z.array(cmsPageSummarySchema), count: z.number().int() });
export const cmsDetailQuerySchema = z.object({ slug: cmsSlugSchema });

export { cmsSlugs } from './cms-slugs.js';
