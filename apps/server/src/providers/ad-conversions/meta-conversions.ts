import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { createVendorHttp, VendorHttpError } from '../vendor-http.js';
import { ConversionRejected, metaBody, type ConversionApi } from './conversion-api.js';

/**
 * Meta's Conversions API: POST https://graph.facebook.com/<version>/<pixel id>/events with the
 * events as JSON (metaBody) and the access token as the access_token query parameter, as Meta's
 * reference and its Node SDK send it. Meta answers { events_received, messages, fbtrace_id }.
 *
 * Sent again after a timeout, a lost connection, a 429 or a 5xx: Meta counts an event once per
 * event_name and event_id received within 48 hours, and every send of one event carries the same
 * pair (the event's own id). Graph API errors are sorted by their code: the event refused
 * (invalid parameter, too old, …) is ConversionRejected and never sent again; a passing fault
 * (codes 1, 2, 4, 17 or is_transient) or a problem of the token or its permissions (3, 10, 102,
 * 190, 200–299) is a VendorHttpError, so the event stays pending for the forwarding job.
 *
 * The token travels only in the query, which no error or log line carries (vendor-http.ts).
 */
export const META_GRAPH_API = 'https://graph.facebook.com';

export interface MetaConversionsOptions {
  /** The pixel (data set) id. */
  pixelId: string;
  accessToken: string;
  /** The Graph API version, e.g. v25.0. */
  apiVersion: string;
  baseUrl?: string;
  timeoutMs?: number;
  backoffMs?: number;
  dispatcher?: Dispatcher;
}

const answerSchema = z.object({
  events_received: z.number().int().nonnegative(),
  messages: z.array(z.unknown()).optional(),
  fbtrace_id: z.string().optional(),
});
const graphErrorSchema = z.object({
  error: z.object({
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

const PASSING = new Set([1, 2, 4, 17]);
const ACCESS = (code: number) => code === 3 || code === 10 || code === 102 || code === 190 || (code >= 200 && code <= 299);

export function createMetaConversions(options: MetaConversionsOptions): ConversionApi {
  const http = createVendorHttp({
    vendor: 'meta',
    baseUrl: options.baseUrl ?? META_GRAPH_API,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const path = `/${encodeURIComponent(options.apiVersion)}/${encodeURIComponent(options.pixelId)}/events`;
  const query = new URLSearchParams({ access_token: options.accessToken }).toString();

  return {
    provider: 'meta',
    kind: 'meta',
    async send(event) {
      const body = metaBody(event);
      let answer: z.infer<typeof answerSchema>;
      try {
        answer = await http.request({ method: 'POST', path: `${path}?${query}`, json: body, retry: true, schema: answerSchema });
      } catch (error) {
        if (!(error instanceof VendorHttpError) || !error.refused) throw error;
        const graph = graphErrorSchema.safeParse(error.body);
        if (!graph.success) throw new ConversionRejected(`meta refused the event (${error.status})`);
        const { code, error_subcode: subcode, is_transient: transient, fbtrace_id: trace } = graph.data.error;
        const said = `code ${code}${subcode === undefined ? '' : ` subcode ${subcode}`}${trace ? `, fbtrace_id ${trace}` : ''}`;
        if (transient || PASSING.has(code))
          throw new VendorHttpError('meta', 'status', `meta answered ${error.status}, a passing fault (${said})`, error.status, error.body);
        if (ACCESS(code)) {
          throw new VendorHttpError(
            'meta',
            'status',
            `meta refused the access token or its permissions (${said})`,
            error.status,
            error.body,
          );
        }
        throw new ConversionRejected(`meta refused the event (${said})`);
      }
      if (answer.events_received < 1) throw new ConversionRejected('meta received no event');
      return body;
    },
  };
}
