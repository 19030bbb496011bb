/**
 * The SMS adapter (docs/ARCHITECTURE.md 'Vendors behind adapters'): the phone one-time codes go through an SmsSender. The
 * sandbox keeps messages in an outbox in the database; the Twilio adapter sends them with Twilio's Messages API.
 */
export interface OutgoingSms {
  /** E.164, e.g. +12015550123. */
  to: string;
  body: string;
}

export interface SmsSender {
  readonly kind: 'sandbox' | 'twilio';
  /** Resolves once the message is accepted for delivery; rejects with SmsDeliveryError. */
  send(sms: OutgoingSms): Promise<void>;
}

/** The message was not accepted (number unreachable or not a mobile). */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
