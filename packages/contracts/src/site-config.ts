import { z } from 'zod';

/** Site configuration is a key/value list kept in the database (seed 000 section 3 'Site config'). */
export const siteConfigItemSchema = z.object({
  key: z.string(),
  value: z.string(),
});
export type SiteConfigItem = z.infer<typeof siteConfigItemSchema>;

export const siteConfigResponseSchema = z.object({
  list: z.array(siteConfigItemSchema),
});
export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;

export { siteConfigKeys } from './site-config-keys.js';
