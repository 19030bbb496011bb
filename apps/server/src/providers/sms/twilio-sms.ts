import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { createVendorHttp, VendorHttpError } from '../vendor-http.js';
import { SmsDeliveryError, type SmsSender } from './sms-sender.js';

/**
 * SMS by Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with a form
 * of To, From or MessagingServiceSid, and Body, authenticated by HTTP Basic with the account SID
 * and its auth token, or with an API key SID and its secret.
 *
 * Twilio refuses at once, with a 400 and an error code, a number it cannot send to: those codes
 * are SmsDeliveryError, the number being at fault. Anything else (credentials, Twilio down, a
 * timeout, an answer without a message SID) is a VendorHttpError. A message is never sent twice:
 * the Messages API takes no idempotency key, so a request that timed out may have gone out and a
 * second one would send a second code.
 *
 * The body carries the player's code: it is never logged, and neither is the token. Errors name
 * the status and Twilio's error code, never a header, the body or the number.
 */
export const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio's refusals of the To number, the ones its test credentials' magic numbers produce:
 * +15005550001, +15005550002, +15005550003, +15005550004 and +15005550009 in that order of cause.
 */
export const TWILIO_UNDELIVERABLE: Readonly<Record<number, string>> = {
  21211: 'not a valid phone number',
  21612: 'not reachable by SMS',
  21408: 'in a region the account may not send to',
  21610: 'unsubscribed from our messages',
  21614: 'not a mobile number',
};

export interface TwilioSmsOptions {
  accountSid: string;
  /** The account SID and its auth token, or an API key SID and its secret. */
  auth: { username: string; password: string };
  /** The sender (a Twilio number or sender id); with a messaging service, a sender of its pool. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  baseUrl?: string;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

/** The created Message resource: only what says Twilio took it. */
const messageSchema = z.object({ sid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/), status: z.string() });
/** Twilio's error answer: { code, message, more_info, status }. */
const twilioErrorSchema = z.object({ code: z.number().int() });

export function createTwilioSms(options: TwilioSmsOptions): SmsSender {
  if (!options.from && !options.messagingServiceSid) throw new Error('twilio: a sender or a messaging service is required');
  const authorization = `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString('base64')}`;
  const http = createVendorHttp({
    vendor: 'twilio',
    baseUrl: options.baseUrl ?? TWILIO_API,
    headers: () => ({ authorization }),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const path = `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;

  return {
    kind: 'twilio',
    async send(sms) {
      const form: Record<string, string> = { To: sms.to };
      if (options.from) form.From = options.from;
      if (options.messagingServiceSid) form.MessagingServiceSid = options.messagingServiceSid;
      form.Body = sms.body;
      try {
        await http.request({ method: 'POST', path, form, schema: messageSchema });
      } catch (error) {
        if (error instanceof VendorHttpError && error.refused) {
          const refusal = twilioErrorSchema.safeParse(error.body);
          const reason = refusal.success ? TWILIO_UNDELIVERABLE[refusal.data.code] : undefined;
          if (refusal.success && reason)
            throw new SmsDeliveryError(`Twilio cannot send to this number: ${reason} (error ${refusal.data.code})`);
        }
        throw error;
      }
    },
  };
}
