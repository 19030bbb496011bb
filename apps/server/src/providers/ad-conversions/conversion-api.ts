/**
 * An ad platform's conversion API (docs/ARCHITECTURE.md 'Vendors behind adapters'): Meta's Conversions API
 * and Reddit's Conversions API take server-side events with a hashed e-mail, an amount and a
 * currency. metaBody and redditBody build each vendor's request body; the sandbox checks what
 * the vendor checks and answers as the vendor would, the real adapters (meta-conversions.ts,
 * reddit-conversions.ts) send it. The caller keeps the body sent with the event.
 */
export type AdProvider = 'meta' | 'reddit';
export type ConversionEventName = 'registration' | 'purchase' | 'deposit';

export interface ConversionEvent {
  eventName: ConversionEventName;
  eventId: string;
  eventTime: Date;
  emailSha256: string | null;
  /** Cents, USD. */
  amount: number | null;
  currency: string;
  clickId: string | null;
}

export class ConversionRejected extends Error {
  override name = 'ConversionRejected';
}

export interface ConversionApi {
  readonly provider: AdProvider;
  /** The sandbox, or the vendor's own API (the same name as the provider). */
  readonly kind: 'sandbox' | AdProvider;
  /** Sends one event; answers the request body that was sent. Throws ConversionRejected when the vendor refuses it. */
  send(event: ConversionEvent): Promise<Record<string, unknown>>;
}

function check(event: ConversionEvent): void {
  if (event.emailSha256 !== null && !/^[0-9a-f]{64}$/.test(event.emailSha256))
    throw new ConversionRejected('em must be a SHA-256 hex digest');
  if (event.eventName !== 'registration' && (event.amount === null || event.currency !== 'USD')) {
    throw new ConversionRejected('value and currency are required');
  }
}

const META_NAMES: Record<ConversionEventName, string> = { registration: 'CompleteRegistration', purchase: 'Purchase', deposit: 'Deposit' };

/**
 * Meta's Conversions API body: a website event under Meta's standard name (a deposit is a custom
 * event), its time in seconds, the event id that Meta deduplicates on with the name, the hashed
 * e-mail, the click id as fbc (not hashed), and the value in dollars with its currency. Meta asks
 * website events for the browser's user agent and page address as well (client_user_agent,
 * event_source_url); the events are recorded without them, so they are left out, never guessed.
 */
export function metaBody(event: ConversionEvent): Record<string, unknown> {
  return {
    data: [
      {
        event_name: META_NAMES[event.eventName],
        event_time: Math.floor(event.eventTime.getTime() / 1000),
        event_id: event.eventId,
        action_source: 'website',
        user_data: { ...(event.emailSha256 ? { em: [event.emailSha256] } : {}), ...(event.clickId ? { fbc: event.clickId } : {}) },
        ...(event.amount === null ? {} : { custom_data: { value: event.amount / 100, currency: event.currency } }),
      },
    ],
  };
}

/**
 * Reddit's Conversions API v3 body (its v2.0 is deprecated): event time in milliseconds, the
 * source, the type in upper snake case (a deposit is a custom event), the value in dollars, and
 * the conversion id Reddit deduplicates on.
 */
export function redditBody(event: ConversionEvent): Record<string, unknown> {
  const type =
    event.eventName === 'registration'
      ? { tracking_type: 'SIGN_UP' }
      : event.eventName === 'purchase'
        ? { tracking_type: 'PURCHASE' }
        : { tracking_type: 'CUSTOM', custom_event_name: 'Deposit' };
  return {
    data: {
      events: [
        {
          event_at: event.eventTime.getTime(),
          action_source: 'WEBSITE',
          type,
          ...(event.clickId ? { click_id: event.clickId } : {}),
          user: event.emailSha256 ? { email: event.emailSha256 } : {},
          metadata: {
            conversion_id: event.eventId,
            ...(event.amount === null ? {} : { value: event.amount / 100, currency: event.currency }),
          },
        },
      ],
    },
  };
}

export function createSandboxConversionApi(provider: AdProvider): ConversionApi {
  return {
    provider,
    kind: 'sandbox',
    async send(event) {
      check(event);
      return provider === 'meta' ? metaBody(event) : redditBody(event);
    },
  };
}
