import { randomUUID } from 'node:crypto';
import { fromHundredths, toHundredths } from '@casino/contracts/money';
import type { PurchaseReversalKind } from '@casino/contracts/admin-money';
import {
  isWalletType,
  paymentMessages,
  type ApplePaySessionResponse,
  type WalletType,
  transactionStatus,
  type CreateInstrumentResponse,
  type InitPayResponse,
  type PaysafeCompleteResponse,
  type ProviderType,
  type PaymentAssets,
  type PaymentStatus,
  type SavedCard,
  cardBrands,
} from '@casino/contracts/store';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { paymentAlerts, paymentIntents, paymentSavedCards, paymentWebhookEvents, type AdClickIds } from '../../db/schema/index.js';
import type { EventBus, UnitOfWork } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import type { Balances, LedgerService, TransferResult } from '../../money/ledger/types.js';
import {
  ProcessorError,
  type CardProcessor,
  type ProcessorTransfer,
  type ProcessorWebhookEvent,
} from '../../providers/payments/card-processor.js';
import type { HostedCheckout } from '../../providers/payments/hosted-checkout.js';
import type { HostedCheckoutAdapter } from '../../providers/payments/hosted-checkout-factory.js';
import type { Shift4Gateway } from '../../providers/payments/shift4-gateway.js';
import { withBonus, type StoreService } from '../store/service.js';
import { assertMayPlay, depositLimitMessage, depositLimitVerdict } from '../../kernel/responsible-play/enforcement.js';
import { isUniqueViolation } from '../../db/errors.js';

/**
 * The purchase path (docs/decisions/010-payments.md).
 *
 * A purchase is a payment intent (init-pay), charged through the card processor
 * (create-instrument). Coins are credited only on a result the processor itself gave us: the
 * answer of our server-to-server call, a signed webhook, or a status check, never the browser's
 * word. Every result goes through `applyResult`, one transaction that takes the player's lock,
 * re-reads the intent under it and moves it at most once from open (0, 7) to a final status; the
 * credit's ledger key (`purchase:<intent id>`) and the unique credited_transfer_id make a second
 * credit impossible even without the lock.
 */
export type IntentRow = typeof paymentIntents.$inferSelect;

const OPEN_STATUSES: number[] = [transactionStatus.pending, transactionStatus.inProcess];
const CURRENCY = 'USD';

/** The unique index that lets one intent per player hold an offer (migration 0075), however Drizzle wrapped it. */
function isOfferClaimViolation(error: unknown): boolean {
  return isUniqueViolation(error, ['payment_intents_offer_claim_key']);
}

export function purchaseKey(intentId: number): string {
  return `purchase:${intentId}`;
}

export function statusMessage(status: number): string {
  switch (status) {
    case transactionStatus.success:
      return paymentMessages.success;
    case transactionStatus.declined:
      return paymentMessages.declined;
    case transactionStatus.pending:
    case transactionStatus.inProcess:
      return paymentMessages.inProcess;
    default:
      return paymentMessages.failed;
  }
}

/** The coins a purchase credits (or credited): the package's, raised when the first-purchase bonus applies. */
function coinsOf(intent: IntentRow, bonus = intent.firstPurchaseBonus): { gcCoin: number; scCoin: number } {
  const percentage = bonus ? intent.firstPurchasePercentage : 0;
  return { gcCoin: fromHundredths(withBonus(intent.gcCoin, percentage)), scCoin: fromHundredths(withBonus(intent.scCoin, percentage)) };
}

/** The coins a paid purchase credited, in hundredths (the first-purchase bonus included when it applied). */
function creditedCoins(intent: IntentRow): { gc: number; sc: number } {
  const percentage = intent.firstPurchaseBonus ? intent.firstPurchasePercentage : 0;
  return { gc: withBonus(intent.gcCoin, percentage), sc: withBonus(intent.scCoin, percentage) };
}

/** The ledger's reversal of a purchase's credit: one per purchase (its key), whatever the kind given again. */
function reversalOf(intent: IntentRow, kind = intent.reversalKind) {
  return {
    userId: intent.userId,
    creditIdempotencyKey: purchaseKey(intent.id),
    reason: 'purchase_reversal' as const,
    idempotencyKey: `purchase-reversal:${intent.id}`,
    reference: intent.merchantRefNum,
    details: { kind },
  };
}

/** What a reversal took back of the purchase's coins (its balances before and after), and what it left. */
function takenAndLeft(credited: { gc: number; sc: number }, moved: TransferResult) {
  const spendable = (balances: Balances) => balances.bsc + balances.psc + balances.wsc;
  const takenBack = {
    gc: moved.balancesBefore.gc - moved.balancesAfter.gc,
    sc: spendable(moved.balancesBefore) - spendable(moved.balancesAfter),
  };
  return { takenBack, notTakenBack: { gc: credited.gc - takenBack.gc, sc: credited.sc - takenBack.sc } };
}

export interface ApplyOutcome {
  intent: IntentRow;
  /** True when this call credited the coins (false: already final, not a success, or refused). */
  credited: boolean;
}

export interface PaymentsService {
  initPay(
    userId: number,
    input: { amount: number; packageId: number; providerType?: ProviderType },
    adClickIds?: AdClickIds,
  ): Promise<InitPayResponse>;
  /** POST /payment/paysafe: charges the hosted checkout's payment handle (server to server) and applies the result. */
  completeHostedCheckout(
    userId: number,
    input: { merchantRefNum: string; paymentHandleToken: string | null },
  ): Promise<PaysafeCompleteResponse>;
  createInstrument(
    userId: number,
    input: {
      token?: string | undefined;
      paymentInformationId?: number | undefined;
      merchantRefNum: string;
      amount: number;
      packageId: number;
      isSaveCard: boolean;
      name?: string | undefined;
      type?: 'PAYMENT_CARD' | 'TOKEN' | 'APPLE_PAY' | 'GOOGLE_PAY' | undefined;
    },
  ): Promise<CreateInstrumentResponse>;
  /**
   * POST /payment/shift4/sale: charges an intent of provider SHIFT4 with the gateway's TrueToken,
   * counted against the deposit limits first, and applies the gateway's answer.
   */
  shift4Sale(
    userId: number,
    input: { merchantRefNum: string; amount: number; packageId: number; token: string },
  ): Promise<CreateInstrumentResponse>;
  /** GET /payment/assets: the card brands and the purchase methods of the configured providers. */
  purchaseAssets(): Pick<PaymentAssets, 'currency' | 'cardBrands' | 'purchase'>;
  /** Applies a processor result (a verified one only) to its intent: see the module comment. */
  applyResult(transfer: ProcessorTransfer, source: 'api' | 'webhook' | 'status-check'): Promise<ApplyOutcome>;
  /** A verified webhook: applied once per event id; a replayed event id is answered, not applied. */
  /** A verified webhook of the card processor (FINIX) or of the hosted checkout (PAYSAFE), applied once. */
  handleWebhook(event: ProcessorWebhookEvent, provider?: 'FINIX' | 'PAYSAFE'): Promise<{ duplicate: boolean }>;
  /** GET /payment/status: checks an open intent with the processor, then answers its status. */
  status(userId: number, merchantRefNum: string): Promise<PaymentStatus>;
  /** The status poll job: checks open intents that have a processor transfer. */
  checkOpenIntents(olderThanSeconds: number): Promise<number>;
  savedCards(userId: number): Promise<SavedCard[]>;
  /** POST /payment/finix/apple-pay-session: Apple Pay merchant validation through the processor. */
  applePaySession(input: { validationUrl: string; domain: string; displayName: string }): Promise<ApplePaySessionResponse>;
  removeSavedCard(userId: number, paymentInformationId: number): Promise<void>;
  /**
   * A paid purchase refunded by the processor or charged back by the card's bank (status 10): its
   * coins are taken back once, never below zero, and PurchaseReversed tells what it earned
   * (a referral reward). Recorded again it is answered as done (replayed); only a paid purchase
   * can be reversed (3861). `audit` writes the operator's record in the same transaction.
   */
  reversePurchase(
    intentId: number,
    kind: PurchaseReversalKind,
    audit: (tx: Transaction, before: IntentRow, after: IntentRow) => Promise<void>,
  ): Promise<PurchaseReversal>;
}

export interface PurchaseReversal {
  intent: IntentRow;
  replayed: boolean;
  /** Hundredths: the coins taken back, and those the player had played already. */
  takenBack: { gc: number; sc: number };
  notTakenBack: { gc: number; sc: number };
}

export function createPaymentsService(deps: {
  db: Database;
  bus: EventBus;
  ledger: LedgerService;
  store: StoreService;
  processor: CardProcessor | null;
  checkout?: HostedCheckoutAdapter | null;
  shift4?: Shift4Gateway | null;
  log: { warn: (object: unknown, message: string) => void };
}): PaymentsService {
  const { db, bus, ledger, store } = deps;

  function hostedCheckout(): HostedCheckout {
    if (!deps.checkout) throw new AppError('PaymentProcessorUnavailable');
    return deps.checkout;
  }

  function shift4Gateway(): Shift4Gateway {
    if (!deps.shift4) throw new AppError('PaymentProcessorUnavailable');
    return deps.shift4;
  }

  /**
   * What a processor says of an open intent: the card processor's transfer, or the Shift4
   * gateway's sale for its invoice (a sale whose answer was lost); null when there is nothing to ask.
   */
  async function processorResultOf(intent: IntentRow): Promise<ProcessorTransfer | null> {
    if (intent.providerType === 'FINIX' && intent.processorTransferId && deps.processor) {
      // The charge as it was asked: a purchase still waiting on 3-D Secure is charged with it.
      const purchase = intent.instrumentId
        ? {
            instrumentId: intent.instrumentId,
            amount: intent.amount,
            currency: intent.currency,
            merchantRefNum: intent.merchantRefNum,
            idempotencyId: intent.merchantRefNum,
          }
        : undefined;
      return deps.processor.fetchTransfer(intent.processorTransferId, purchase);
    }
    if (intent.providerType === 'SHIFT4' && intent.limitReservedAt && deps.shift4) return deps.shift4.lookupInvoice(intent.merchantRefNum);
    // A Paysafe payment still processing when it answered: its status, by the payment's id.
    if (intent.providerType === 'PAYSAFE' && intent.processorTransferId && deps.checkout?.kind === 'paysafe') {
      return deps.checkout.fetchPayment(intent.processorTransferId);
    }
    return null;
  }

  function processor(): CardProcessor {
    if (!deps.processor) throw new AppError('PaymentProcessorUnavailable');
    return deps.processor;
  }

  /**
   * Reserves an intent against the deposit limits before anything is charged:
   * under the player's lock, no purchase during an exclusion and none that would pass a limit
   * together with every other purchase reserved in the period. Two purchases racing are decided
   * one after the other here, so they never together pass a limit. `claim` moves the intent on
   * in the same transaction; false (someone else settled it first) is answered as false.
   */
  async function reserveAgainstLimits(intent: IntentRow, claim: (tx: Transaction) => Promise<boolean>): Promise<boolean> {
    return bus.run(async ({ tx }) => {
      await ledger.lockPlayer(tx, intent.userId);
      await assertMayPlay(tx, intent.userId);
      const [current] = await tx
        .select({ limitReservedAt: paymentIntents.limitReservedAt })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, intent.id));
      if (!current?.limitReservedAt) {
        const result = await depositLimitVerdict(tx, intent.userId, intent.amount);
        if (result.limitReached) {
          throw new AppError('DepositLimitReached', depositLimitMessage(result), {
            limitAmount: fromHundredths(result.limitAmount!),
            limitType: result.kind,
          });
        }
      }
      return claim(tx);
    });
  }

  async function ownIntent(userId: number, merchantRefNum: string): Promise<IntentRow> {
    const [intent] = await db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.merchantRefNum, merchantRefNum), eq(paymentIntents.userId, userId)));
    if (!intent) throw new AppError('PaymentNotFound');
    return intent;
  }

  function toStatus(intent: IntentRow): PaymentStatus {
    return {
      merchantRefNum: intent.merchantRefNum,
      status: intent.status,
      message:
        intent.status === transactionStatus.declined || intent.status === transactionStatus.failed
          ? (intent.failureMessage ?? statusMessage(intent.status))
          : statusMessage(intent.status),
      amount: fromHundredths(intent.amount),
      ...coinsOf(intent),
    };
  }

  /** An offer's intent is paid only while the offer is open for the player and not bought (decision 011). */
  async function assertOfferStillOpen(userId: number, intent: IntentRow): Promise<void> {
    const pkg = await store.onSale(intent.packageId);
    if (!pkg) throw new AppError('OfferNotAvailable');
    await store.assertOfferOpen(userId, pkg, { exceptIntentId: intent.id });
  }

  /**
   * A processor's result for one intent, applied in the caller's unit of work (applyResult's own
   * transaction, or a webhook's, which records the event in the same transaction).
   */
  async function applyWithin({ tx, record }: UnitOfWork, transfer: ProcessorTransfer): Promise<ApplyOutcome> {
    const [head] = await tx
      .select({ id: paymentIntents.id, userId: paymentIntents.userId })
      .from(paymentIntents)
      .where(eq(paymentIntents.merchantRefNum, transfer.merchantRefNum));
    if (!head) throw new AppError('PaymentNotFound');
    // Every money action of a player takes this lock first (money/ledger/types.ts): two results for
    // one intent (webhook, status check, the API answer) are decided one after the other.
    await ledger.lockPlayer(tx, head.userId);
    const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, head.id)).for('update');
    if (!intent) throw new AppError('PaymentNotFound');
    if (!OPEN_STATUSES.includes(intent.status)) return { intent, credited: false };

    const set = async (values: Partial<typeof paymentIntents.$inferInsert>): Promise<IntentRow> => {
      const [row] = await tx
        .update(paymentIntents)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(paymentIntents.id, intent.id))
        .returning();
      return row!;
    };
    const alert = async (kind: string, details: Record<string, unknown>) => {
      await tx.insert(paymentAlerts).values({ intentId: intent.id, kind, details });
      deps.log.warn({ intentId: intent.id, kind, ...details }, 'payment alert recorded for an operator');
    };

    // A transfer made after the 3-D Secure step the intent waited on replaces the step's id.
    const known = intent.processorTransferId;
    if (known !== null && known !== transfer.id && known !== transfer.replacesId) {
      await alert('transfer_mismatch', { expected: intent.processorTransferId, reported: transfer.id, state: transfer.state });
      return { intent, credited: false };
    }
    if (transfer.state === 'PENDING') {
      return { intent: await set({ status: transactionStatus.inProcess, processorTransferId: transfer.id }), credited: false };
    }
    if (transfer.state === 'FAILED') {
      const declined = transfer.failureCode === 'CARD_DECLINED';
      return {
        intent: await set({
          status: declined ? transactionStatus.declined : transactionStatus.failed,
          processorTransferId: transfer.id,
          // Not paid: the offer can be bought again.
          offerClaimed: false,
          failureMessage: declined ? paymentMessages.declined : paymentMessages.failed,
        }),
        credited: false,
      };
    }
    if (transfer.amount !== intent.amount || transfer.currency !== intent.currency) {
      await alert('amount_mismatch', {
        expected: { amount: intent.amount, currency: intent.currency },
        reported: { amount: transfer.amount, currency: transfer.currency },
        transferId: transfer.id,
      });
      return {
        intent: await set({
          status: transactionStatus.short,
          processorTransferId: transfer.id,
          failureMessage: paymentMessages.failed,
        }),
        credited: false,
      };
    }
    // The first-purchase bonus, if this intent was offered it and no other purchase of the
    // player has claimed it meanwhile (decided under the player's lock; a unique index backs it).
    let firstPurchaseBonus = false;
    if (intent.firstPurchasePercentage > 0) {
      firstPurchaseBonus = !(await store.firstPurchaseBonus(intent.userId, tx)).isClaimed;
    }
    const gc = withBonus(intent.gcCoin, firstPurchaseBonus ? intent.firstPurchasePercentage : 0);
    const sc = withBonus(intent.scCoin, firstPurchaseBonus ? intent.firstPurchasePercentage : 0);
    const credit = await ledger.creditPurchase(tx, {
      userId: intent.userId,
      gc,
      sc,
      idempotencyKey: purchaseKey(intent.id),
      reference: intent.merchantRefNum,
      details: {
        packageId: intent.packageId,
        amount: intent.amount,
        currency: intent.currency,
        transferId: transfer.id,
        firstPurchaseBonus,
      },
    });
    const updated = await set({
      status: transactionStatus.success,
      // A purchase paid without a reservation (made before limits existed) counts from now.
      limitReservedAt: intent.limitReservedAt ?? new Date(),
      processorTransferId: transfer.id,
      creditedTransferId: credit.transferId,
      firstPurchaseBonus,
      failureMessage: null,
    });
    await record({
      type: 'PurchaseCredited',
      payload: {
        userId: intent.userId,
        intentId: intent.id,
        packageId: intent.packageId,
        amount: intent.amount,
        gc,
        sc,
        transferId: credit.transferId,
      },
    });
    return { intent: updated, credited: true };
  }

  const service: PaymentsService = {
    async applePaySession({ validationUrl, domain, displayName }) {
      try {
        return { sessionDetails: await processor().applePaySession({ validationUrl, domain, displayName }) };
      } catch (error) {
        if (error instanceof ProcessorError) throw new AppError('ApplePaySessionInvalid');
        throw error;
      }
    },

    async initPay(userId, { amount, packageId, providerType = 'FINIX' }, adClickIds = {}) {
      const pkg = await store.onSale(packageId);
      if (!pkg) throw new AppError((await store.isOffer(packageId)) ? 'OfferNotAvailable' : 'PackageNotFound');
      let cents: number;
      try {
        cents = toHundredths(amount);
      } catch {
        throw new AppError('PaymentAmountMismatch');
      }
      // The price is the package's: a client cannot choose what it pays.
      if (cents !== pkg.amount) throw new AppError('PaymentAmountMismatch');
      const cardProcessor = providerType === 'FINIX' ? processor() : providerType === 'SHIFT4' ? shift4Gateway() : null;
      const checkout = providerType === 'PAYSAFE' ? hostedCheckout() : null;
      // Responsible play: refused during an exclusion; over a deposit limit the answer
      // is the seed's limitCheck and no intent is made. The charge re-checks under the lock.
      await assertMayPlay(db, userId);
      const limit = await depositLimitVerdict(db, userId, pkg.amount);
      if (limit.limitReached) {
        return {
          success: false,
          paymentData: null,
          limitCheck: { limitReached: true, limitAmount: fromHundredths(limit.limitAmount!), message: depositLimitMessage(limit) },
          data: { providerType },
          id: null,
          application: 'casino',
        };
      }
      // A flash-sale offer only inside its window and once per player (decision 011).
      const offerKind = await store.assertOfferOpen(userId, pkg);
      const bonus = await store.firstPurchaseBonus(userId);
      const merchantRefNum = `LC-${randomUUID()}`;
      const [intent] = await db
        .insert(paymentIntents)
        .values({
          merchantRefNum,
          userId,
          packageId: pkg.id,
          providerType,
          amount: pkg.amount,
          currency: CURRENCY,
          gcCoin: pkg.gcCoin,
          scCoin: pkg.scCoin,
          firstPurchasePercentage: pkg.firstPurchaseApplicable && !bonus.isClaimed ? bonus.percentage : 0,
          offerKind,
          paymentMethod: providerType === 'PAYSAFE' ? 'HOSTED' : 'CARD',
          adClickIds,
        })
        .returning();
      return {
        success: true,
        paymentData: {
          merchantRefNum,
          ...(cardProcessor ? { cardFormUrl: cardProcessor.cardFormUrl(merchantRefNum) } : {}),
          ...(checkout
            ? {
                checkoutUrl: checkout.checkoutUrl({ merchantRefNum, amount: pkg.amount, currency: CURRENCY }),
                singleUseCustomerToken: checkout.singleUseCustomerToken(),
                environment: checkout.environment,
              }
            : {}),
          amount: fromHundredths(pkg.amount),
          currency: CURRENCY,
        },
        limitCheck: { limitReached: false, limitAmount: null, message: null },
        data: { providerType },
        id: intent!.id,
        application: 'casino',
      };
    },

    async createInstrument(userId, input) {
      const cardProcessor = processor();
      const intent = await ownIntent(userId, input.merchantRefNum);
      if (intent.providerType !== 'FINIX') throw new AppError('PaymentNotFound');
      if (intent.packageId !== input.packageId || toHundredths(input.amount) !== intent.amount) throw new AppError('PaymentAmountMismatch');

      const wallet = isWalletType(input.type ?? 'TOKEN') ? (input.type as WalletType) : null;
      if (intent.offerKind !== null && intent.status === transactionStatus.pending) await assertOfferStillOpen(userId, intent);

      // Claims the intent for this charge, counted against the deposit limits: a second
      // create-instrument for it is refused. An offer's intent also claims the offer: the unique
      // index lets one intent per player hold it.
      const claimedForCharge = await reserveAgainstLimits(intent, async (tx) => {
        try {
          const claimed = await tx
            .update(paymentIntents)
            .set({
              status: transactionStatus.inProcess,
              offerClaimed: intent.offerKind !== null,
              paymentMethod: wallet ?? 'CARD',
              limitReservedAt: new Date(),
              updatedAt: new Date(),
            })
            .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, transactionStatus.pending)))
            .returning({ id: paymentIntents.id });
          return claimed.length > 0;
        } catch (error) {
          if (isOfferClaimViolation(error)) throw new AppError('OfferAlreadyPurchased');
          throw error;
        }
      });
      if (!claimedForCharge) throw new AppError('PaymentAlreadyProcessed');

      let instrumentId: string;
      let cardFingerprint: string | null;
      try {
        if (input.paymentInformationId !== undefined) {
          const [card] = await db
            .select()
            .from(paymentSavedCards)
            .where(
              and(
                eq(paymentSavedCards.id, input.paymentInformationId),
                eq(paymentSavedCards.userId, userId),
                isNull(paymentSavedCards.removedAt),
              ),
            );
          if (!card) throw new AppError('SavedCardNotFound');
          instrumentId = card.instrumentId;
          cardFingerprint = card.cardFingerprint;
        } else {
          const instrument = await cardProcessor.createInstrument({
            token: input.token!,
            identity: `user-${userId}`,
            type: wallet ?? 'TOKEN',
          });
          instrumentId = instrument.instrumentId;
          cardFingerprint = instrument.fingerprint;
          // A wallet pays with its own single-use token each time: nothing to save.
          if (input.isSaveCard && !wallet) {
            await db
              .insert(paymentSavedCards)
              .values({
                userId,
                instrumentId,
                brand: instrument.brand,
                lastFour: instrument.lastFour,
                cardFingerprint: instrument.fingerprint,
                name: (input.name ?? '').slice(0, 200),
              })
              .onConflictDoNothing();
          }
        }
      } catch (error) {
        // Nothing was charged: the intent can be paid again with another card (and counts no more).
        await db
          .update(paymentIntents)
          .set({ status: transactionStatus.pending, limitReservedAt: null, offerClaimed: false, updatedAt: new Date() })
          .where(
            and(
              eq(paymentIntents.id, intent.id),
              eq(paymentIntents.status, transactionStatus.inProcess),
              isNull(paymentIntents.processorTransferId),
            ),
          );
        if (error instanceof ProcessorError) throw new AppError('CardTokenInvalid');
        throw error;
      }
      // The card's fingerprint is on the intent before it is charged: the referral reward it may
      // make due compares it with the referrer's cards (modules/promotions/referral-same-person.ts).
      await db.update(paymentIntents).set({ instrumentId, cardFingerprint }).where(eq(paymentIntents.id, intent.id));

      let transfer: ProcessorTransfer;
      try {
        transfer = await cardProcessor.createTransfer({
          instrumentId,
          amount: intent.amount,
          currency: intent.currency,
          merchantRefNum: intent.merchantRefNum,
          idempotencyId: intent.merchantRefNum,
          instrumentType: wallet ?? 'TOKEN',
        });
      } catch (error) {
        // Unknown whether the processor charged: the intent stays in process for the status job.
        deps.log.warn({ err: error, intentId: intent.id }, 'creating a transfer failed');
        throw new AppError('PaymentProcessorUnavailable');
      }
      const { intent: after } = await service.applyResult(transfer, 'api');
      return {
        state: after.status === transactionStatus.success ? 'SUCCEEDED' : OPEN_STATUSES.includes(after.status) ? 'PENDING' : 'FAILED',
        merchantRefNum: after.merchantRefNum,
        threeDSecureUrl: OPEN_STATUSES.includes(after.status) ? transfer.threeDSecureUrl : null,
        message: toStatus(after).message,
      };
    },

    async shift4Sale(userId, input) {
      const gateway = shift4Gateway();
      const intent = await ownIntent(userId, input.merchantRefNum);
      if (intent.providerType !== 'SHIFT4') throw new AppError('PaymentNotFound');
      if (intent.packageId !== input.packageId || toHundredths(input.amount) !== intent.amount) throw new AppError('PaymentAmountMismatch');
      if (intent.offerKind !== null && intent.status === transactionStatus.pending) await assertOfferStillOpen(userId, intent);

      // Claims the intent for this sale, counted against the deposit limits: a second sale for it
      // is refused. An offer's intent also claims the offer (one intent per player holds it).
      const claimed = await reserveAgainstLimits(intent, async (tx) => {
        try {
          const rows = await tx
            .update(paymentIntents)
            .set({
              status: transactionStatus.inProcess,
              offerClaimed: intent.offerKind !== null,
              paymentMethod: 'CARD',
              limitReservedAt: new Date(),
              updatedAt: new Date(),
            })
            .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, transactionStatus.pending)))
            .returning({ id: paymentIntents.id });
          return rows.length > 0;
        } catch (error) {
          if (isOfferClaimViolation(error)) throw new AppError('OfferAlreadyPurchased');
          throw error;
        }
      });
      if (!claimed) throw new AppError('PaymentAlreadyProcessed');

      let sale: ProcessorTransfer;
      try {
        sale = await gateway.sale({
          token: input.token,
          amount: intent.amount,
          currency: intent.currency,
          merchantRefNum: intent.merchantRefNum,
        });
      } catch (error) {
        if (error instanceof ProcessorError && error.code === 'TOKEN_INVALID') {
          // Nothing was charged: the intent can be paid again with another card (and counts no more).
          await db
            .update(paymentIntents)
            .set({ status: transactionStatus.pending, limitReservedAt: null, offerClaimed: false, updatedAt: new Date() })
            .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, transactionStatus.inProcess)));
          throw new AppError('CardTokenInvalid');
        }
        // Unknown whether the gateway charged: the intent stays in process; the status check asks
        // the gateway for its invoice.
        deps.log.warn({ err: error, intentId: intent.id }, 'a Shift4 sale failed');
        throw new AppError('PaymentProcessorUnavailable');
      }
      const { intent: after } = await service.applyResult(sale, 'api');
      return {
        state: after.status === transactionStatus.success ? 'SUCCEEDED' : OPEN_STATUSES.includes(after.status) ? 'PENDING' : 'FAILED',
        merchantRefNum: after.merchantRefNum,
        threeDSecureUrl: null,
        message: toStatus(after).message,
      };
    },

    purchaseAssets: () => ({
      currency: CURRENCY,
      cardBrands: [...cardBrands],
      purchase: [
        ...(deps.processor
          ? [{ providerType: 'FINIX' as const, methods: ['PAYMENT_CARD' as const, 'APPLE_PAY' as const, 'GOOGLE_PAY' as const] }]
          : []),
        ...(deps.checkout ? [{ providerType: 'PAYSAFE' as const, methods: ['HOSTED_CARD' as const, 'EWALLET' as const] }] : []),
        ...(deps.shift4 ? [{ providerType: 'SHIFT4' as const, methods: ['PAYMENT_CARD' as const] }] : []),
      ],
    }),

    applyResult: (transfer) => bus.run((uow) => applyWithin(uow, transfer)),

    handleWebhook: (event, provider = 'FINIX') =>
      // The event's id is recorded in the transaction that applies it: a copy arriving meanwhile
      // waits on the unique index and is a duplicate only once the first has committed; if the
      // first fails, nothing of it stays and the copy applies the result.
      bus.run(async (uow) => {
        const inserted = await uow.tx
          .insert(paymentWebhookEvents)
          .values({
            // The two providers' event ids are apart: a Paysafe id is kept with its provider's name.
            eventId: provider === 'FINIX' ? event.eventId : `${provider}:${event.eventId}`,
            providerType: provider,
            merchantRefNum: event.transfer.merchantRefNum,
            transferState: event.transfer.state,
          })
          .onConflictDoNothing()
          .returning({ eventId: paymentWebhookEvents.eventId });
        if (inserted.length === 0) return { duplicate: true };
        await applyWithin(uow, event.transfer);
        return { duplicate: false };
      }),

    async status(userId, merchantRefNum) {
      let intent = await ownIntent(userId, merchantRefNum);
      if (OPEN_STATUSES.includes(intent.status)) {
        try {
          const transfer = await processorResultOf(intent);
          if (transfer) intent = (await service.applyResult(transfer, 'status-check')).intent;
        } catch (error) {
          deps.log.warn({ err: error, intentId: intent.id }, 'payment status check failed; answering the stored status');
        }
      }
      return toStatus(intent);
    },

    async checkOpenIntents(olderThanSeconds) {
      if (!deps.processor && !deps.shift4) return 0;
      const open = await db
        .select()
        .from(paymentIntents)
        .where(
          and(inArray(paymentIntents.status, OPEN_STATUSES), lt(paymentIntents.updatedAt, new Date(Date.now() - olderThanSeconds * 1000))),
        )
        .orderBy(asc(paymentIntents.updatedAt))
        .limit(100);
      let checked = 0;
      for (const intent of open) {
        try {
          const transfer = await processorResultOf(intent);
          if (!transfer) continue;
          await service.applyResult(transfer, 'status-check');
          checked += 1;
        } catch (error) {
          deps.log.warn({ err: error, intentId: intent.id }, 'payment status check failed; tried again later');
        }
      }
      return checked;
    },

    async completeHostedCheckout(userId, { merchantRefNum, paymentHandleToken }) {
      const checkout = hostedCheckout();
      let intent = await ownIntent(userId, merchantRefNum);
      if (intent.providerType !== 'PAYSAFE') throw new AppError('PaymentNotFound');
      // A redirect without a token only asks how the payment stands.
      if (paymentHandleToken !== null && OPEN_STATUSES.includes(intent.status)) {
        if (intent.offerKind !== null && !intent.offerClaimed) await assertOfferStillOpen(userId, intent);
        // Counted against the deposit limits before the checkout is asked to charge; an offer's
        // intent also claims the offer (one intent per player holds it: a unique index).
        const stillOpen = await reserveAgainstLimits(intent, async (tx) => {
          try {
            const reserved = await tx
              .update(paymentIntents)
              .set({
                limitReservedAt: sql`coalesce(${paymentIntents.limitReservedAt}, now())`,
                ...(intent.offerKind !== null ? { offerClaimed: true } : {}),
                updatedAt: new Date(),
              })
              .where(and(eq(paymentIntents.id, intent.id), inArray(paymentIntents.status, OPEN_STATUSES)))
              .returning({ id: paymentIntents.id });
            return reserved.length > 0;
          } catch (error) {
            if (isOfferClaimViolation(error)) throw new AppError('OfferAlreadyPurchased');
            throw error;
          }
        });
        // Settled meanwhile (another completion of the same handle): answer how it stands.
        if (!stillOpen) {
          const settled = await ownIntent(userId, merchantRefNum);
          const status = toStatus(settled);
          return { success: settled.status === transactionStatus.success, message: status.message, status: settled.status };
        }
        let payment: ProcessorTransfer;
        try {
          payment = await checkout.processPayment({ paymentHandleToken, merchantRefNum });
        } catch (error) {
          if (error instanceof ProcessorError && error.code === 'TOKEN_INVALID') {
            // Nothing was charged: the purchase counts no more against the limits, and an offer
            // is given back.
            await db
              .update(paymentIntents)
              .set({ limitReservedAt: null, offerClaimed: false })
              .where(and(eq(paymentIntents.id, intent.id), inArray(paymentIntents.status, OPEN_STATUSES)));
            throw new AppError('CardTokenInvalid');
          }
          throw new AppError('PaymentProcessorUnavailable');
        }
        intent = (await service.applyResult(payment, 'api')).intent;
      }
      const status = toStatus(intent);
      return { success: intent.status === transactionStatus.success, message: status.message, status: intent.status };
    },

    reversePurchase: (intentId, kind, audit) =>
      bus.run(async ({ tx, record }) => {
        const [head] = await tx.select({ userId: paymentIntents.userId }).from(paymentIntents).where(eq(paymentIntents.id, intentId));
        if (!head) throw new AppError('PaymentNotFound');
        await ledger.lockPlayer(tx, head.userId);
        const [before] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)).for('update');
        if (!before) throw new AppError('PaymentNotFound');
        const coins = creditedCoins(before);
        if (before.status === transactionStatus.refund && before.reversalTransferId !== null) {
          const replay = await ledger.reverseCredit(tx, reversalOf(before));
          return { intent: before, replayed: true, ...takenAndLeft(coins, replay) };
        }
        if (before.status !== transactionStatus.success || before.creditedTransferId === null) throw new AppError('PurchaseNotReversible');
        const moved = await ledger.reverseCredit(tx, reversalOf(before, kind));
        const [after] = await tx
          .update(paymentIntents)
          .set({
            status: transactionStatus.refund,
            reversalKind: kind,
            reversedAt: new Date(),
            reversalTransferId: moved.transferId,
            updatedAt: new Date(),
          })
          .where(eq(paymentIntents.id, intentId))
          .returning();
        const outcome = takenAndLeft(coins, moved);
        await record({
          type: 'PurchaseReversed',
          payload: { userId: before.userId, intentId, kind, ...outcome.takenBack, transferId: moved.transferId },
        });
        await audit(tx, before, after!);
        return { intent: after!, replayed: false, ...outcome };
      }),

    async savedCards(userId) {
      const rows = await db
        .select()
        .from(paymentSavedCards)
        .where(and(eq(paymentSavedCards.userId, userId), isNull(paymentSavedCards.removedAt)))
        .orderBy(desc(paymentSavedCards.createdAt), desc(paymentSavedCards.id));
      return rows.map((row) => ({ id: row.id, paymentInformationId: row.id, name: row.name, brand: row.brand, lastFour: row.lastFour }));
    },

    async removeSavedCard(userId, paymentInformationId) {
      const removed = await db
        .update(paymentSavedCards)
        .set({ removedAt: new Date() })
        .where(
          and(eq(paymentSavedCards.id, paymentInformationId), eq(paymentSavedCards.userId, userId), isNull(paymentSavedCards.removedAt)),
        )
        .returning({ id: paymentSavedCards.id });
      if (removed.length === 0) throw new AppError('SavedCardNotFound');
    },
  };
  return service;
}
