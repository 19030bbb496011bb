/**
 * The mail adapter (docs/ARCHITECTURE.md 'Vendors behind adapters'): everything the server sends goes through a Mailer. The
 * sandbox keeps messages in an outbox in the database; SMTP delivers them. Config picks one.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'sandbox' | 'smtp';
  /** Resolves once the message is accepted for delivery; rejects with MailDeliveryError. */
  send(mail: OutgoingMail): Promise<void>;
}

/** The message was not accepted (recipient refused, server unreachable). */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}
