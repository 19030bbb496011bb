import { z } from 'zod';
import type { ProcessorTransfer, TransferState } from './card-processor.js';

/**
 * Finix's resources as its API reference (version 2022-02-01) describes them, read with zod: only
 * the fields our side uses, each checked; an answer without them is malformed, never filled in.
 * Also the mapping of a Finix transfer to ours, and our id of a purchase waiting on a 3-D Secure
 * session.
 */
export const FINIX_API_VERSION = '2022-02-01';

export const FINIX_BASE_URLS = {
  sandbox: 'https://finix.sandbox-payments-api.com',
  live: 'https://finix.live-payments-api.com',
} as const;

/** Key/value strings a resource carries (our merchantRefNum on a purchase's transfer). */
const tagsSchema = z.record(z.string(), z.string()).nullish();

export const finixIdentitySchema = z.object({ id: z.string().min(1) });

export const finixMerchantSchema = z.object({ id: z.string().min(1), identity: z.string().min(1) });

/** A payment instrument made from a token or a wallet's token: a card, with its brand, last four and fingerprint. */
export const finixInstrumentSchema = z.object({
  id: z.string().min(1),
  brand: z.string().min(1),
  last_four: z.string().regex(/^\d{4}$/),
  fingerprint: z.string().min(1),
});

export const finixTransferSchema = z.object({
  id: z.string().min(1),
  state: z.enum(['SUCCEEDED', 'FAILED', 'PENDING', 'CANCELED', 'UNKNOWN']),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3),
  tags: tagsSchema,
  failure_code: z.string().nullish(),
  failure_message: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type FinixTransfer = z.infer<typeof finixTransferSchema>;

/** GET /transfers?idempotency_id=…: the list is under _embedded, absent when nothing matched. */
export const finixTransferListSchema = z.object({
  _embedded: z.object({ transfers: z.array(finixTransferSchema) }).optional(),
});

/**
 * A 3-D Secure Session (POST /3d_secure_sessions, GET /3d_secure_sessions/{id}). Its state is the
 * authentication process's: PENDING while it runs, FAILED, or SUCCEEDED once it finished, whether
 * or not the issuer authenticated the buyer; that is told by
 * 3d_secure_authentication.electronic_commerce_indicator. 3d_secure_authentication is null until
 * the process finishes and stays null when it FAILED; it is passed on the Transfer as Finix gave it.
 */
export const finixThreeDSecureSessionSchema = z.object({
  id: z.string().min(1),
  state: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  '3d_secure_authentication': z
    .looseObject({
      cardholder_authentication: z.string().nullish(),
      electronic_commerce_indicator: z.string().nullish(),
      transaction_id: z.string().nullish(),
    })
    .nullish(),
});
export type FinixThreeDSecureSession = z.infer<typeof finixThreeDSecureSessionSchema>;

/** The electronic_commerce_indicator of an issuer's authentication of the buyer (liability can shift). */
export const AUTHENTICATED_INDICATOR = 'AUTHENTICATED';

/**
 * Our id of a purchase waiting on a 3-D Secure session: `3ds:` and the session's id, never taken
 * for a Transfer's (no Finix id holds a colon). The transfer made after the session carries the
 * session's id as its threeDSecureSession tag.
 */
const SESSION_HANDLE_PREFIX = '3ds:';
export const sessionHandle = (sessionId: string) => `${SESSION_HANDLE_PREFIX}${sessionId}`;
export function sessionOfHandle(id: string): string | null {
  return id.startsWith(SESSION_HANDLE_PREFIX) && id.length > SESSION_HANDLE_PREFIX.length ? id.slice(SESSION_HANDLE_PREFIX.length) : null;
}

/** POST /apple_pay_sessions: session_details is Apple's merchant session as JSON text. */
export const finixApplePaySessionSchema = z.object({ id: z.string().min(1), session_details: z.string().min(2) });

/**
 * Finix's failure codes of a card's refusal (its issuer, its network's rules or the merchant's risk
 * rules): our CARD_DECLINED. Any other failure code (a processing error, a cancellation) is kept as
 * Finix's and ends as a failure rather than a decline.
 */
const DECLINE_CODES = new Set([
  'ADDRESS_VERIFICATION_FAILED_RISK_RULES',
  'ALLOWABLE_NUMBER_OF_PIN_ENTRY_TRIES_EXCEEDED',
  'CALL_ISSUER',
  'CARD_ACCOUNT_CLOSED',
  'CARD_NOT_SUPPORTED',
  'CARDHOLDER_PREVENTED_RECURRING_TRANSACTION',
]);

export function ourFailureCode(finixCode: string | null | undefined, state: FinixTransfer['state']): string | null {
  if (state !== 'FAILED' && state !== 'CANCELED') return null;
  if (finixCode && DECLINE_CODES.has(finixCode)) return 'CARD_DECLINED';
  return finixCode ?? state;
}

/** SUCCEEDED and FAILED are final; CANCELED moved no money; UNKNOWN is asked again later, like PENDING. */
export function ourState(state: FinixTransfer['state']): TransferState {
  if (state === 'SUCCEEDED') return 'SUCCEEDED';
  if (state === 'FAILED' || state === 'CANCELED') return 'FAILED';
  return 'PENDING';
}

/**
 * A purchase's transfer as ours: its reference is the merchantRefNum tag it was created with;
 * null for a transfer without one (not a purchase of ours: a payout, a refund).
 */
export function toProcessorTransfer(transfer: FinixTransfer): ProcessorTransfer | null {
  const merchantRefNum = transfer.tags?.merchantRefNum;
  if (!merchantRefNum) return null;
  const failureCode = ourFailureCode(transfer.failure_code, transfer.state);
  return {
    id: transfer.id,
    state: ourState(transfer.state),
    amount: transfer.amount,
    currency: transfer.currency,
    merchantRefNum,
    failureCode,
    // Finix's own code stays readable next to ours.
    failureMessage: failureCode === null ? null : [transfer.failure_code, transfer.failure_message].filter(Boolean).join(': ') || null,
    // Finix runs no challenge on a transfer (its 3-D Secure is a session made before the charge).
    threeDSecureUrl: null,
    // A transfer made after a 3-D Secure session: the purchase was followed under the session before.
    ...(transfer.tags?.threeDSecureSession ? { replacesId: sessionHandle(transfer.tags.threeDSecureSession) } : {}),
  };
}
