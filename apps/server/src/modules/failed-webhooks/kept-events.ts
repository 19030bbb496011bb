import type { WebhookProvider } from '@casino/contracts/admin-money';
import { fromHundredths } from '@casino/contracts/money';
import { z } from 'zod';
import type { ProcessorWebhookEvent } from '../../providers/payments/card-processor.js';
import type { PayoutWebhookEvent } from '../../providers/payouts/payout-provider.js';

/**
 * What a failed webhook keeps of its verified event: exactly the fields its
 * handler reads, picked one by one, so that nothing else the provider sent (a 3-D Secure page
 * address, a free-text message) is stored. Neither event carries a card number or a token: the
 * processor only ever tells us about transfers and payouts (card-data.test.ts scans the table).
 */
export interface ProviderEvents {
  FINIX: ProcessorWebhookEvent;
  /** The hosted checkout's payment events, as the card processor's transfers. */
  PAYSAFE: ProcessorWebhookEvent;
  PAYNOTE: PayoutWebhookEvent;
}

/** Each provider's handler: applies a verified event once; a repeated event id answers duplicate. */
export type WebhookHandlers = { [P in WebhookProvider]: (event: ProviderEvents[P]) => Promise<{ duplicate: boolean }> };

const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const keptFinixSchema = z.object({
  eventId: z.string().min(1),
  transfer: z.object({
    id: z.string(),
    state: z.enum(['SUCCEEDED', 'FAILED', 'PENDING']),
    amount: cents,
    currency: z.string(),
    merchantRefNum: z.string(),
    failureCode: z.string().nullable(),
  }),
});

const keptPaynoteSchema = z.object({
  eventId: z.string().min(1),
  payout: z.object({
    id: z.string(),
    state: z.enum(['SUCCEEDED', 'FAILED', 'PENDING']),
    amount: cents,
    currency: z.string(),
    reference: z.string(),
    failureReason: z.string().nullable(),
  }),
});

export interface KeptEvent {
  eventId: string;
  /** Our purchase's merchantRefNum or our redemption's id. */
  reference: string;
  event: Record<string, unknown>;
}

export function keptEvent<P extends WebhookProvider>(provider: P, event: ProviderEvents[P]): KeptEvent {
  if (provider === 'FINIX' || provider === 'PAYSAFE') {
    const { eventId, transfer } = event as ProcessorWebhookEvent;
    const kept = keptFinixSchema.parse({
      eventId,
      transfer: {
        id: transfer.id,
        state: transfer.state,
        amount: transfer.amount,
        currency: transfer.currency,
        merchantRefNum: transfer.merchantRefNum,
        failureCode: transfer.failureCode,
      },
    });
    return { eventId, reference: transfer.merchantRefNum, event: kept };
  }
  const { eventId, payout } = event as PayoutWebhookEvent;
  const kept = keptPaynoteSchema.parse({
    eventId,
    payout: {
      id: payout.id,
      state: payout.state,
      amount: payout.amount,
      currency: payout.currency,
      reference: payout.reference,
      failureReason: payout.failureReason,
    },
  });
  return { eventId, reference: payout.reference, event: kept };
}

/** The kept event as its handler takes it again (the fields it does not read are empty). */
export function storedEvent(provider: 'FINIX' | 'PAYSAFE', stored: unknown): ProcessorWebhookEvent;
export function storedEvent(provider: 'PAYNOTE', stored: unknown): PayoutWebhookEvent;
export function storedEvent(provider: WebhookProvider, stored: unknown): ProcessorWebhookEvent | PayoutWebhookEvent {
  if (provider !== 'PAYNOTE') {
    const { eventId, transfer } = keptFinixSchema.parse(stored);
    return { eventId, transfer: { ...transfer, failureMessage: null, threeDSecureUrl: null } };
  }
  return keptPaynoteSchema.parse(stored);
}

/** One line for the desk, e.g. 'transfer SUCCEEDED 9.99 USD'. */
export function eventSummary(provider: WebhookProvider, stored: unknown): string {
  const parsed = provider === 'PAYNOTE' ? keptPaynoteSchema.safeParse(stored) : keptFinixSchema.safeParse(stored);
  if (!parsed.success) return 'unreadable event';
  const [kind, body] = 'transfer' in parsed.data ? ['transfer', parsed.data.transfer] : ['payout', parsed.data.payout];
  return `${kind} ${body.state} ${fromHundredths(body.amount).toFixed(2)} ${body.currency}`;
}
