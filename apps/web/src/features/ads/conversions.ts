import { http } from '../../lib/http';

/**
 * Ad conversions (seed 001 sections 7 and 9): the ad click id arrives as a query parameter
 * (Meta's fbclid, Reddit's rdt_cid) and is kept 30 days in a cookie the server reads with each
 * conversion event; registration, purchase and deposit are reported to both platforms' endpoints.
 */
export const AD_CLICK_ID_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function storeAdClickIds(location: Location = window.location, now = Date.now()): void {
  const params = new URLSearchParams(location.search);
  const fbclid = params.get('fbclid');
  const redditClickId = params.get('rdt_cid');
  const attributes = `; max-age=${AD_CLICK_ID_MAX_AGE_SECONDS}; path=/; samesite=lax`;
  if (fbclid) document.cookie = `_fbc=${encodeURIComponent(`fb.1.${now}.${fbclid}`)}${attributes}`;
  if (redditClickId) document.cookie = `rdt_cid=${encodeURIComponent(redditClickId)}${attributes}`;
}

export type ConversionEventName = 'registration' | 'purchase' | 'deposit';

/** Reports an event to both endpoints; a failure never disturbs the player. */
export function reportConversion(
  eventName: ConversionEventName,
  details: { eventId?: string; email?: string; amount?: number } = {},
): void {
  const body = { eventName, ...details, ...(details.amount === undefined ? {} : { currency: 'USD' as const }) };
  for (const path of ['user/meta-capi', 'user/reddit-capi']) {
    void http.post(path, body).catch(() => undefined);
  }
}
