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

/** Well-known keys. The geolocation mode key is named by the seed; the others are ours. */
export const siteConfigKeys = {
  siteName: 'SITE_NAME',
  supportEmail: 'SUPPORT_EMAIL',
  geolocationMode: 'GEOLOCATION_MODE',
  blockedRegions: 'BLOCKED_REGIONS',
} as const;
