import { z } from 'zod';
import type { ProcessorTransfer } from './card-processor.js';

/**
 * The parts of Paysafe's Payments API (https://developer.paysafe.com/en/api-docs/payments-api/)
 * that the hosted checkout reads: payment handles and payments, their statuses, and the error
 * object. Amounts are minor units (cents), as ours. Only the fields we use are parsed; an answer
 * without them, or with a status not listed here, does not match and is refused.
 */
export const PAYSAFE_BASE_URLS = { TEST: 'https://api.test.paysafe.com', LIVE: 'https://api.paysafe.com' } as const;

/** Where Paysafe Checkout's script is served for each environment. */
export const PAYSAFE_CHECKOUT_ORIGINS = { TEST: 'https://hosted.test.paysafe.com', LIVE: 'https://hosted.paysafe.com' } as const;

export const PAYMENTS_PATH = '/paymenthub/v1/payments';
export const PAYMENT_HANDLES_PATH = '/paymenthub/v1/paymenthandles';

export const paymentHandleStatuses = ['INITIATED', 'PAYABLE', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
/** A payment's statuses (the Payments API's PaymentRequestStatus, and EXPIRED of its webhooks). */
export const paymentStatuses = ['RECEIVED', 'PENDING', 'PROCESSING', 'HELD', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED'] as const;
export type PaysafePaymentStatus = (typeof paymentStatuses)[number];

/** `{ code, message, details?, fieldErrors? }`; the code is a string ("3009"), sometimes sent as a number. */
const errorObject = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z.string().optional(),
});

const amount = z.number().int().nonnegative();

export const paymentHandleSchema = z.object({
  id: z.string().min(1),
  paymentHandleToken: z.string().min(1),
  merchantRefNum: z.string(),
  amount,
  currencyCode: z.string().length(3),
  status: z.enum(paymentHandleStatuses),
});
export type PaysafePaymentHandle = z.infer<typeof paymentHandleSchema>;

export const paymentSchema = z.object({
  id: z.string().min(1),
  merchantRefNum: z.string(),
  amount,
  currencyCode: z.string().length(3),
  status: z.enum(paymentStatuses),
  paymentHandleToken: z.string().optional(),
  error: errorObject.nullish(),
});
export type PaysafePayment = z.infer<typeof paymentSchema>;

/** GET …/payments?merchantRefNum=: `{ meta, payments: [...] }`. */
export const paymentListSchema = z.object({ payments: z.array(paymentSchema).default([]) });
/** GET …/paymenthandles?merchantRefNum=: `{ meta, paymentHandles: [...] }`. */
export const paymentHandleListSchema = z.object({ paymentHandles: z.array(paymentHandleSchema).default([]) });

/**
 * A declined payment's answer (HTTP 402): the payment as far as it went, with its error. The id is
 * there when Paysafe recorded the attempt.
 */
export const declinedPaymentSchema = z.object({
  id: z.string().min(1).optional(),
  merchantRefNum: z.string().optional(),
  status: z.enum(paymentStatuses).optional(),
  error: errorObject,
});

/**
 * Our failure code for Paysafe's: the 3-D Secure and its risk rules (51xx) are
 * THREE_D_SECURE_FAILED; every other decline of a payment is CARD_DECLINED, whose message the
 * player sees. The vendor's own code is kept in the failure message.
 */
export function failureCodeOf(code: string): 'THREE_D_SECURE_FAILED' | 'CARD_DECLINED' {
  return /^51\d\d$/.test(code) ? 'THREE_D_SECURE_FAILED' : 'CARD_DECLINED';
}

const stateOf: Record<PaysafePaymentStatus, ProcessorTransfer['state']> = {
  COMPLETED: 'SUCCEEDED',
  FAILED: 'FAILED',
  CANCELLED: 'FAILED',
  EXPIRED: 'FAILED',
  RECEIVED: 'PENDING',
  PENDING: 'PENDING',
  PROCESSING: 'PENDING',
  HELD: 'PENDING',
};

/** A payment as our processors' transfer. */
export function transferOf(payment: PaysafePayment): ProcessorTransfer {
  const state = stateOf[payment.status];
  const failed = state === 'FAILED';
  return {
    id: payment.id,
    state,
    amount: payment.amount,
    currency: payment.currencyCode,
    merchantRefNum: payment.merchantRefNum,
    failureCode: failed ? (payment.error ? failureCodeOf(payment.error.code) : `PAYSAFE_${payment.status}`) : null,
    failureMessage: failed ? paysafeMessage(payment.error, payment.status) : null,
    threeDSecureUrl: null,
  };
}

/** "Paysafe 3009: Your request has been declined by the issuing bank." */
export function paysafeMessage(error: { code: string; message?: string | undefined } | null | undefined, status: string): string {
  if (!error) return `Paysafe payment ${status.toLowerCase()}`;
  return `Paysafe ${error.code}${error.message ? `: ${error.message}` : ''}`;
}
