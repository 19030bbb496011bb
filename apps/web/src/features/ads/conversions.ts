import { http } from '../../lib/http';

/**
 * Ad conversions (seed 001 sections 7 and 9): the ad click id arrives as a query parameter
 * (Meta's fbclid, Reddit's rdt_cid). The server keeps it 30 days in a cookie set with the page the
 * visitor landed on (modules/ad-conversions/service.ts, clickIdCookies), and reads it with each
 * conversion event; registration, purchase and deposit are reported to both platforms' endpoints.
 */
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
