import { z } from 'zod';

/**
 * The location compliance gate (seed 000 sections 3, 4 'Geolocation', 7 and 8). The
 * client library is initialised with a license (GET /details/get-license-string), runs one
 * request at a time with a reason, and hands the server an encrypted, signed packet, which GET
 * /details/decrypt-geocomply-data decrypts, verifies and judges.
 */
export const geolocationReasons = [
  'LOGIN',
  'PREWAGER',
  'INTERVAL',
  'IPCHANGE',
  'USER_DRIVEN_RETRY',
  'POST_INTERVAL_FOREGROUND',
  'GAME_LAUNCHER_SWITCH',
  'REGISTRATION',
  'ACCOUNT_CHANGES_NAME_ADD',
  'ACCOUNT_CHANGES_NAME_CHANGE',
  'ACCOUNT_CHANGES_NAME_REMOVE',
  'ACCOUNT_CHANGES_PHONE_ADD',
] as const;
export type GeolocationReason = (typeof geolocationReasons)[number];
export const geolocationReasonSchema = z.enum(geolocationReasons);

/** enforce: a failed check blocks play; monitor: decisions are made and recorded, nothing is blocked. */
export const geolocationModes = ['enforce', 'monitor'] as const;
export type GeolocationMode = (typeof geolocationModes)[number];

/**
 * The vendor's result codes, GeoComply-style. 0 is a pass. 614 and 700 are the client library's
 * own (a request already running, a request cut short by the page); the client ignores them
 * (seed 000 section 8). Every other code shows the Location Issue dialog.
 */
export const geolocationResultCodes = {
  allowed: 0,
  locationUnavailable: 604,
  regionNotAllowed: 605,
  outsideCountry: 606,
  requestInProgress: 614,
  requestCancelled: 700,
} as const;
export const ignoredGeolocationCodes: readonly number[] = [
  geolocationResultCodes.requestInProgress,
  geolocationResultCodes.requestCancelled,
];

export const geolocationLicenseSchema = z.object({
  /** The license XML the client library is initialised with. */
  license: z.string(),
  expiresAt: z.iso.datetime(),
  /** Seconds between INTERVAL checks (seed 000 section 9: 'interval set in seconds'). */
  intervalSeconds: z.number().int().positive(),
  mode: z.enum(geolocationModes),
});
export type GeolocationLicense = z.infer<typeof geolocationLicenseSchema>;

export const decryptGeolocationQuerySchema = z.object({
  token: z.string().min(1, 'token is required').max(4096),
});

export const geolocationDecisionSchema = z.object({
  allowed: z.boolean(),
  /** 0 when allowed, otherwise a vendor result code (geolocationResultCodes). */
  errorCode: z.number().int(),
  errorMessage: z.string().nullable(),
  /** The US state (postal code) the player was located in, when located in one. */
  region: z.string().nullable(),
  country: z.string().nullable(),
  reason: geolocationReasonSchema,
  intervalSeconds: z.number().int().positive(),
  mode: z.enum(geolocationModes),
});
export type GeolocationDecision = z.infer<typeof geolocationDecisionSchema>;

/** What the sandbox vendor's locate call takes (the client library sends it; docs/ARCHITECTURE.md 'Vendors behind adapters'). */
export const sandboxLocateBodySchema = z.object({
  license: z.string().min(1).max(4096),
  reason: geolocationReasonSchema,
  /** Absent when the player refused the browser's location consent or it failed. */
  position: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      accuracy: z.number().min(0).max(1_000_000).optional(),
    })
    .nullable(),
});
export type SandboxLocateBody = z.infer<typeof sandboxLocateBodySchema>;

export const sandboxLocateResultSchema = z.object({ packet: z.string() });

export const geolocationTexts = {
  dialogTitle: 'Location Issue',
  dialogMessage: 'This application might not be available in your region.',
  retry: 'Retry',
  regionNotAllowed: 'Play is not available in your state.',
  outsideCountry: 'Play is available only in the United States.',
  locationUnavailable: 'We could not read your location. Please allow location access and try again.',
} as const;
