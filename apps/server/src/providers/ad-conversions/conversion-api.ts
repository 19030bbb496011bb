/**
 * An ad platform's conversion API (docs/ARCHITECTURE.md 'Vendors behind adapters'): Meta's Conversions API
 * and Reddit's Conversions API take server-side events with a hashed e-mail, an amount and a
 * currency. The sandbox builds the vendor's request body, checks what the vendor checks, and
 * answers as the vendor would; the caller keeps the body with the event (the sandbox outbox).
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
  readonly kind: 'sandbox';
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

export function redditBody(event: ConversionEvent): Record<string, unknown> {
  const type =
    event.eventName === 'registration'
      ? { tracking_type: 'SignUp' }
      : event.eventName === 'purchase'
        ? { tracking_type: 'Purchase' }
        : { tracking_type: 'Custom', custom_event_name: 'Deposit' };
  return {
    events: [
      {
        event_at: event.eventTime.toISOString(),
        event_type: type,
        ...(event.clickId ? { click_id: event.clickId } : {}),
        user: event.emailSha256 ? { email: event.emailSha256 } : {},
        event_metadata: {
          conversion_id: event.eventId,
          ...(event.amount === null ? {} : { value_decimal: event.amount / 100, currency: event.currency }),
        },
      },
    ],
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
