import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { createVendorHttp } from '../vendor-http.js';
import {
  KYC_WEBHOOK_TOLERANCE_SECONDS,
  KycWebhookSignatureError,
  type KycProvider,
  type KycSessionStatus,
  type KycWebhookEvent,
} from './kyc-provider.js';

/**
 * Identity verification by Persona's hosted flow (docs/decisions/063-kyc-vendor.md).
 *
 * - createSession creates an inquiry from our template (POST /api/v1/inquiries, Bearer API key,
 *   an Idempotency-Key so that a lost answer is asked again without a second inquiry), attached
 *   to a Persona account by our player reference, with the page to come back to; the player is
 *   sent to the hosted flow with the inquiry id.
 * - The outcome comes only from webhooks signed in the Persona-Signature header:
 *   `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the webhook's secret, two
 *   such sets separated by a space while the secret rotates (either may match). A signature older
 *   or newer than KYC_WEBHOOK_TOLERANCE_SECONDS is refused (replays); a replay within the window
 *   stops at the event id, which the KYC service records once.
 * - Every inquiry event carries the inquiry with its status, mapped onto ours by PERSONA_STATUSES.
 *
 * Never logged: the API key, the webhook secret, and the webhooks' bodies (they hold the
 * player's name, birth date and address).
 */
export const PERSONA_API = 'https://api.withpersona.com';
/** The API version whose request and answer shapes this adapter follows. */
export const PERSONA_VERSION = '2023-01-05';
/** The hosted flow, opened with an inquiry created by the API. */
export const PERSONA_HOSTED_FLOW = 'https://inquiry.withpersona.com/verify';
export const PERSONA_SIGNATURE_HEADER = 'persona-signature';

/**
 * Persona's inquiry statuses on ours. `completed` means every required check passed, not yet
 * the decision: our 'complete' lets the player redeem and is final, so only `approved` reaches
 * it, and the template's workflow (or a reviewer) must approve or decline each completed inquiry.
 */
export const PERSONA_STATUSES: Readonly<Record<string, KycSessionStatus>> = {
  created: 'created',
  pending: 'activated',
  completed: 'processing',
  needs_review: 'processing',
  approved: 'complete',
  declined: 'failed',
  failed: 'failed',
  expired: 'archived',
};

const knownStatus = z.string().refine((status) => status in PERSONA_STATUSES);
const inquirySchema = z.object({
  data: z.object({
    type: z.literal('inquiry'),
    id: z.string().regex(/^inq_[A-Za-z0-9]+$/),
    attributes: z.object({ status: knownStatus }),
  }),
});
const eventSchema = z.object({
  data: z.object({
    type: z.literal('event'),
    id: z.string().min(1),
    attributes: z.object({
      name: z.string(),
      payload: z
        .object({
          data: z
            .object({ type: z.string(), id: z.string(), attributes: z.object({ status: z.string().optional() }).optional() })
            .optional(),
        })
        .optional(),
    }),
  }),
});

export interface PersonaKycOptions {
  apiKey: string;
  /** itmpl_… (the template's latest version), itmplv_… (one version) or a legacy tmpl_…. */
  templateId: string;
  webhookSecret: string;
  /** Our site's address: the hosted flow sends the player back to a path of it. */
  publicUrl: string;
  baseUrl?: string;
  hostedFlowUrl?: string;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

/** The create call's field for the template, by the kind of id (Persona's reference). */
function templateField(templateId: string): string {
  if (templateId.startsWith('itmplv_')) return 'inquiry-template-version-id';
  if (templateId.startsWith('itmpl_')) return 'inquiry-template-id';
  return 'template-id';
}

export function createPersonaKyc(options: PersonaKycOptions): KycProvider {
  const http = createVendorHttp({
    vendor: 'persona',
    baseUrl: options.baseUrl ?? PERSONA_API,
    headers: () => ({ authorization: `Bearer ${options.apiKey}`, 'persona-version': PERSONA_VERSION, 'key-inflection': 'kebab' }),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const site = options.publicUrl.replace(/\/+$/, '');
  const hostedFlow = options.hostedFlowUrl ?? PERSONA_HOSTED_FLOW;

  return {
    kind: 'persona',
    name: 'persona',

    async createSession({ reference, returnUrl }) {
      // Only a path of our own site: the hosted flow never sends the player elsewhere.
      const back = returnUrl.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '/';
      const answer = await http.request({
        method: 'POST',
        path: '/api/v1/inquiries',
        headers: { 'idempotency-key': randomUUID() },
        json: {
          data: { attributes: { [templateField(options.templateId)]: options.templateId, 'redirect-uri': `${site}${back}` } },
          meta: { 'auto-create-account-reference-id': reference },
        },
        retry: true,
        schema: inquirySchema,
      });
      const { id, attributes } = answer.data;
      return { sessionId: id, url: `${hostedFlow}?inquiry-id=${encodeURIComponent(id)}`, status: PERSONA_STATUSES[attributes.status]! };
    },

    verifyWebhook(headers, rawBody, now = new Date()) {
      verifyPersonaSignature(options.webhookSecret, headers, rawBody, now);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new KycWebhookSignatureError('body is not JSON');
      }
      const event = eventSchema.safeParse(json);
      if (!event.success) throw new KycWebhookSignatureError('unexpected body');
      return inquiryEvent(event.data);
    },
  };
}

/** The event's inquiry and status, or null for an event about something else. */
function inquiryEvent(event: z.infer<typeof eventSchema>): KycWebhookEvent | null {
  const inquiry = event.data.attributes.payload?.data;
  if (!event.data.attributes.name.startsWith('inquiry.') || inquiry?.type !== 'inquiry') return null;
  const status = PERSONA_STATUSES[inquiry.attributes?.status ?? ''];
  return status ? { eventId: event.data.id, sessionId: inquiry.id, status } : null;
}

/** Throws KycWebhookSignatureError unless one signature set of the header is fresh and matches. */
export function verifyPersonaSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): void {
  const raw = headers[PERSONA_SIGNATURE_HEADER];
  const header = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!header) throw new KycWebhookSignatureError('missing signature');
  let stale = false;
  let fresh = false;
  for (const set of header.split(/\s+/)) {
    const parts = Object.fromEntries(
      set.split(',').map((part) => {
        const index = part.indexOf('=');
        return [part.slice(0, index).trim(), part.slice(index + 1).trim()];
      }),
    );
    const timestamp = Number(parts.t);
    if (!/^\d+$/.test(String(parts.t ?? '')) || !Number.isSafeInteger(timestamp)) continue;
    if (Math.abs(now.getTime() / 1000 - timestamp) > KYC_WEBHOOK_TOLERANCE_SECONDS) {
      stale = true;
      continue;
    }
    fresh = true;
    const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
    const given = Buffer.from(String(parts.v1 ?? ''));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
  }
  if (fresh) throw new KycWebhookSignatureError('signature mismatch');
  throw new KycWebhookSignatureError(stale ? 'outside the replay window' : 'missing timestamp');
}

/** The Persona-Signature header of a body: what Persona sends (tests sign genuine webhooks with it). */
export function signPersonaWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}
