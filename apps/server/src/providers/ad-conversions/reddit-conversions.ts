import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { createVendorHttp, VendorHttpError } from '../vendor-http.js';
import { ConversionRejected, redditBody, type ConversionApi } from './conversion-api.js';

/**
 * Reddit's Conversions API v3: POST https://ads-api.reddit.com/api/v3/pixels/<pixel id>/conversion_events
 * with the events as JSON (redditBody) and `Authorization: Bearer <conversion access token>`.
 * Reddit answers { data: { message: 'Successfully processed 1 conversion events.' } }.
 *
 * Sent again after a timeout, a lost connection, a 429 or a 5xx: Reddit deduplicates events of
 * one type by their conversion id, which every send of one event carries (the event's own id).
 * A 400 (the event does not pass Reddit's validation; none of the request was processed) is
 * ConversionRejected and never sent again; a 401 or 403 (the token, or its rights on the pixel)
 * stays a VendorHttpError, so the event stays pending for the forwarding job.
 *
 * Reddit throttles requests with a default user agent, so ours names the product.
 */
export const REDDIT_ADS_API = 'https://ads-api.reddit.com';
const USER_AGENT = 'lucky-crown-casino-conversions/1.0';

export interface RedditConversionsOptions {
  pixelId: string;
  accessToken: string;
  baseUrl?: string;
  timeoutMs?: number;
  backoffMs?: number;
  dispatcher?: Dispatcher;
}

const answerSchema = z.object({ data: z.object({ message: z.string() }) });

export function createRedditConversions(options: RedditConversionsOptions): ConversionApi {
  const http = createVendorHttp({
    vendor: 'reddit',
    baseUrl: options.baseUrl ?? REDDIT_ADS_API,
    headers: () => ({ authorization: `Bearer ${options.accessToken}`, 'user-agent': USER_AGENT }),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const path = `/api/v3/pixels/${encodeURIComponent(options.pixelId)}/conversion_events`;

  return {
    provider: 'reddit',
    kind: 'reddit',
    async send(event) {
      const body = redditBody(event);
      try {
        await http.request({ method: 'POST', path, json: body, retry: true, schema: answerSchema });
      } catch (error) {
        if (error instanceof VendorHttpError && error.kind === 'status' && error.status === 400)
          throw new ConversionRejected('reddit refused the event (400)');
        throw error;
      }
      return body;
    },
  };
}
