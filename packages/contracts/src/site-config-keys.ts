// Kept free of zod so the first page (footer) can read a setting without the validation library.
/** Well-known keys. The geolocation mode key is named by the seed; the others are ours. */
export const siteConfigKeys = {
  siteName: 'SITE_NAME',
  supportEmail: 'SUPPORT_EMAIL',
  geolocationMode: 'GEOLOCATION_MODE',
  blockedRegions: 'BLOCKED_REGIONS',
  /**
   * The location gate's mode set by an operator (enforce or monitor); absent: the server's
   * GEOLOCATION setting. Not GEOLOCATION_MODE, which is the seed's vendor setting ('sandbox').
   */
  geolocationEnforcement: 'GEOLOCATION_ENFORCEMENT',
  /**
   * The calendar year's prize total (redemptions, in hundredths of USD) from which a redemption
   * needs the player's social security number on file; absent: $600.00 (docs/decisions/059).
   */
  prizeReportingThreshold: 'PRIZE_REPORTING_THRESHOLD',
} as const;
