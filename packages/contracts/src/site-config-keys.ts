// Kept free of zod so the first page (footer) can read a setting without the validation library.
/** Well-known keys. The geolocation mode key is named by the seed; the others are ours. */
export const siteConfigKeys = {
  siteName: 'SITE_NAME',
  supportEmail: 'SUPPORT_EMAIL',
  geolocationMode: 'GEOLOCATION_MODE',
  blockedRegions: 'BLOCKED_REGIONS',
} as const;
