import type { Dispatcher } from 'undici';
import type { FinixSettings } from '../../config.js';
import { createVendorHttp, VendorHttpError } from '../vendor-http.js';
import { PayoutError, type CardPayouts, type Payout } from '../payouts/payout-provider.js';
import {
  isApplePayValidationUrl,
  ProcessorError,
  type CardProcessor,
  type ProcessorInstrument,
  type ProcessorTransfer,
  type TransferRequest,
} from './card-processor.js';
import {
  AUTHENTICATED_INDICATOR,
  FINIX_API_VERSION,
  FINIX_BASE_URLS,
  finixApplePaySessionSchema,
  finixIdentitySchema,
  finixInstrumentSchema,
  finixMerchantSchema,
  finixThreeDSecureSessionSchema,
  finixTransferListSchema,
  finixTransferSchema,
  ourFailureCode,
  ourState,
  sessionHandle,
  sessionOfHandle,
  toProcessorTransfer,
  type FinixThreeDSecureSession,
  type FinixTransfer,
} from './finix-api.js';
import { FINIX_3DS_RETURN_PATH } from './finix-3ds-return-page.js';
import { FINIX_CARD_FORM_PATH } from './finix-pages.js';
import { verifyFinixWebhook } from './finix-webhook.js';

/**
 * The real card processor: Finix's API (docs/ARCHITECTURE.md 'Vendors behind adapters'), HTTP Basic
 * with the API user and password, the Finix-Version header, JSON bodies, through the vendors' HTTP
 * client. A purchase: a buyer Identity (one per player, kept in memory), a Payment Instrument from
 * the tokenization form's token or a wallet's token, then a Transfer from it to our Merchant carrying
 * our merchantRefNum as a tag and as its idempotency_id. Card payouts are Transfers to the
 * instrument with operation_key PUSH_TO_CARD.
 *
 * 3-D Secure (FINIX_THREE_D_SECURE, Finix's server-driven redirect flow): before a card's Transfer,
 * a 3-D Secure Session for the same amount, the instrument and our return page. A session still
 * PENDING answers a PENDING purchase under our id of the session (`3ds:<session id>`), which the
 * status checks follow: once the session has SUCCEEDED the Transfer is made, carrying the session's
 * 3d_secure_authentication as Finix gave it and the session's id as a tag, with the purchase's
 * idempotency_id (a Transfer already listed under it is answered rather than made again); a FAILED
 * session, or under 'required' one whose issuer did not authenticate the buyer, answers FAILED with
 * THREE_D_SECURE_FAILED and charges nothing.
 *
 * Only what Finix deduplicates is sent again after a timeout, a lost connection or a 5xx: reads,
 * and transfers (their idempotency_id). Identities, instruments, Apple Pay sessions and 3-D Secure
 * Sessions are sent once. Errors name the request, never the credentials, a token or a card.
 */
export interface FinixClientOptions extends FinixSettings {
  /** The webhook's secret_signing_key (FINIX_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** The domain registered for Apple Pay: the site's own host. */
  merchantDomain: () => string;
  /** The site's public address (PUBLIC_URL): Finix returns the buyer to its 3-D Secure return page there. */
  siteUrl: () => string;
  /** Where requests go: undici's global dispatcher unless given (tests pass a MockAgent). */
  dispatcher?: Dispatcher;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export interface FinixClient extends CardProcessor, CardPayouts {
  readonly kind: 'finix';
}

/** How many players' Finix identities are remembered; an identity made again for one forgotten is harmless. */
const IDENTITY_CACHE_SIZE = 10_000;

export function createFinixClient(options: FinixClientOptions): FinixClient {
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const http = createVendorHttp({
    vendor: 'finix',
    baseUrl: FINIX_BASE_URLS[options.environment],
    headers: () => ({ authorization, 'finix-version': FINIX_API_VERSION }),
    timeoutMs: options.timeoutMs ?? 20_000,
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const identities = new Map<string, string>();
  let merchantIdentity: Promise<string> | null = null;

  /**
   * Our error for a failed call: `refused` when Finix refused the request itself (4xx), else
   * UNAVAILABLE, also for 401 and 403, which speak of our credentials rather than the player's card.
   */
  function processorError(error: unknown, refused: ProcessorError['code']): Error {
    if (!(error instanceof VendorHttpError)) return error instanceof Error ? error : new Error(String(error));
    if (error.refused && error.status !== 401 && error.status !== 403) return new ProcessorError(refused, error.message);
    return new ProcessorError('UNAVAILABLE', error.message);
  }

  /** The buyer Identity a player's instruments belong to (every buyer field is optional). */
  async function buyerIdentity(player: string): Promise<string> {
    const known = identities.get(player);
    if (known) return known;
    const identity = await http.request({
      method: 'POST',
      path: '/identities',
      json: { entity: {}, tags: { player } },
      schema: finixIdentitySchema,
    });
    if (identities.size >= IDENTITY_CACHE_SIZE) identities.delete(identities.keys().next().value!);
    identities.set(player, identity.id);
    return identity.id;
  }

  /** Our Merchant's Identity (wallet instruments and Apple Pay sessions name it), read once. */
  function merchantIdentityId(): Promise<string> {
    merchantIdentity ??= http
      .request({ method: 'GET', path: `/merchants/${encodeURIComponent(options.merchantId)}`, retry: true, schema: finixMerchantSchema })
      .then((merchant) => merchant.identity)
      .catch((error: unknown) => {
        merchantIdentity = null;
        throw error;
      });
    return merchantIdentity;
  }

  /** The transfer Finix recorded under an idempotency_id (a declined one answers 402 rather than the transfer). */
  async function transferByIdempotencyId(idempotencyId: string): Promise<FinixTransfer | null> {
    const list = await http.request({
      method: 'GET',
      path: `/transfers?idempotency_id=${encodeURIComponent(idempotencyId)}`,
      retry: true,
      schema: finixTransferListSchema,
    });
    return list._embedded?.transfers[0] ?? null;
  }

  /** A transfer Finix made, or the one it recorded when it answered 402; null when it lists none. */
  async function sendTransfer(body: Record<string, unknown>, idempotencyId: string): Promise<FinixTransfer | null> {
    try {
      return await http.request({ method: 'POST', path: '/transfers', json: body, retry: true, schema: finixTransferSchema });
    } catch (error) {
      if (error instanceof VendorHttpError && error.kind === 'status' && error.status === 402) {
        return transferByIdempotencyId(idempotencyId);
      }
      throw error;
    }
  }

  function purchaseTransfer(transfer: FinixTransfer, where: string): ProcessorTransfer {
    const ours = toProcessorTransfer(transfer);
    if (!ours) throw new ProcessorError('UNAVAILABLE', `finix answered ${where} with a transfer without our reference`);
    return ours;
  }

  /** The purchase's Transfer to our Merchant; `more` adds a 3-D Secure session's fields. */
  async function charge(
    { instrumentId, amount, currency, merchantRefNum, idempotencyId }: TransferRequest,
    more: { authentication: Record<string, unknown>; sessionId: string } | null = null,
  ): Promise<ProcessorTransfer> {
    const body = {
      amount,
      currency,
      merchant: options.merchantId,
      source: instrumentId,
      idempotency_id: idempotencyId,
      tags: more ? { merchantRefNum, threeDSecureSession: more.sessionId } : { merchantRefNum },
      ...(more ? { '3d_secure_authentication': more.authentication } : {}),
    };
    const transfer = await sendTransfer(body, idempotencyId);
    if (!transfer) throw new ProcessorError('UNAVAILABLE', 'finix answered 402 to POST /transfers and lists no transfer for it');
    return purchaseTransfer(transfer, 'POST /transfers');
  }

  /** A purchase still waiting on its 3-D Secure session, or ended by it (nothing charged). */
  function sessionOutcome(session: FinixThreeDSecureSession, purchase: TransferRequest, failure: string | null): ProcessorTransfer {
    return {
      id: sessionHandle(session.id),
      state: failure === null ? 'PENDING' : 'FAILED',
      amount: purchase.amount,
      currency: purchase.currency,
      merchantRefNum: purchase.merchantRefNum,
      failureCode: failure === null ? null : 'THREE_D_SECURE_FAILED',
      failureMessage: failure === null ? null : `THREE_D_SECURE_FAILED: ${failure}`,
      // Finix's page for the buyer (the redirect flow's hosted page) is named by a session field
      // this client does not read: the purchase waits without a page, followed by its status checks.
      threeDSecureUrl: null,
    };
  }

  /**
   * Where a purchase stands after its 3-D Secure session: waiting, failed, or charged with the
   * session's authentication. `madeBefore`: a status check, which first answers a Transfer already
   * made under the purchase's idempotency_id (a check before it) rather than sending one again.
   */
  async function afterSession(
    session: FinixThreeDSecureSession,
    purchase: TransferRequest,
    madeBefore: boolean,
  ): Promise<ProcessorTransfer> {
    if (session.state === 'PENDING') return sessionOutcome(session, purchase, null);
    if (session.state === 'FAILED') return sessionOutcome(session, purchase, 'the 3-D Secure session failed');
    const authentication = session['3d_secure_authentication'];
    if (!authentication) {
      throw new ProcessorError('UNAVAILABLE', 'finix answered a succeeded 3-D Secure session without its authentication');
    }
    if (madeBefore) {
      const made = await transferByIdempotencyId(purchase.idempotencyId);
      if (made) return purchaseTransfer(made, 'GET /transfers');
    }
    const indicator = authentication.electronic_commerce_indicator ?? null;
    if (options.threeDSecure === 'required' && indicator !== AUTHENTICATED_INDICATOR) {
      return sessionOutcome(session, purchase, `the issuer did not authenticate the buyer (${indicator ?? 'no indicator'})`);
    }
    return charge(purchase, { authentication, sessionId: session.id });
  }

  const client: FinixClient = {
    kind: 'finix',

    cardFormUrl: (merchantRefNum) => `${FINIX_CARD_FORM_PATH}?ref=${encodeURIComponent(merchantRefNum)}`,

    async createInstrument({ token, identity, type = 'TOKEN' }): Promise<ProcessorInstrument> {
      // Apple's PKPaymentToken goes to Finix inside `{ token: … }`; Google Pay's token as it is.
      let thirdPartyToken = token;
      if (type === 'APPLE_PAY') {
        let paymentToken: unknown;
        try {
          paymentToken = JSON.parse(token);
        } catch {
          paymentToken = null;
        }
        if (!paymentToken || typeof paymentToken !== 'object') throw new ProcessorError('TOKEN_INVALID', 'The wallet token is not valid.');
        thirdPartyToken = JSON.stringify({ token: paymentToken });
      }
      try {
        const buyer = await buyerIdentity(identity);
        const body =
          type === 'TOKEN'
            ? { type: 'TOKEN', token, identity: buyer }
            : { type, identity: buyer, merchant_identity: await merchantIdentityId(), third_party_token: thirdPartyToken };
        const instrument = await http.request({ method: 'POST', path: '/payment_instruments', json: body, schema: finixInstrumentSchema });
        return {
          instrumentId: instrument.id,
          brand: instrument.brand,
          lastFour: instrument.last_four,
          fingerprint: instrument.fingerprint,
        };
      } catch (error) {
        throw processorError(error, 'TOKEN_INVALID');
      }
    },

    async createTransfer(purchase) {
      // A wallet's payment (Apple Pay, Google Pay) is not put through 3-D Secure.
      const authenticate = options.threeDSecure !== 'off' && (purchase.instrumentType ?? 'TOKEN') === 'TOKEN';
      try {
        if (!authenticate) return await charge(purchase);
        // Sent once: Finix documents no deduplication of 3-D Secure Sessions.
        const session = await http.request({
          method: 'POST',
          path: '/3d_secure_sessions',
          json: {
            amount: purchase.amount,
            currency: purchase.currency,
            merchant_id: options.merchantId,
            payment_instrument_id: purchase.instrumentId,
            redirect_url: `${options.siteUrl()}${FINIX_3DS_RETURN_PATH}`,
          },
          schema: finixThreeDSecureSessionSchema,
        });
        return await afterSession(session, purchase, false);
      } catch (error) {
        throw processorError(error, 'INSTRUMENT_INVALID');
      }
    },

    async fetchTransfer(transferId, purchase) {
      const sessionId = sessionOfHandle(transferId);
      if (sessionId !== null) {
        if (!purchase) throw new ProcessorError('UNAVAILABLE', 'a purchase waiting on 3-D Secure is checked with its charge');
        let session: FinixThreeDSecureSession;
        try {
          session = await http.request({
            method: 'GET',
            path: `/3d_secure_sessions/${encodeURIComponent(sessionId)}`,
            retry: true,
            schema: finixThreeDSecureSessionSchema,
          });
        } catch (error) {
          throw processorError(error, 'NOT_FOUND');
        }
        try {
          return await afterSession(session, purchase, true);
        } catch (error) {
          throw processorError(error, 'INSTRUMENT_INVALID');
        }
      }
      let transfer: FinixTransfer;
      try {
        transfer = await http.request({
          method: 'GET',
          path: `/transfers/${encodeURIComponent(transferId)}`,
          retry: true,
          schema: finixTransferSchema,
        });
      } catch (error) {
        throw processorError(error, 'NOT_FOUND');
      }
      return purchaseTransfer(transfer, 'GET /transfers/{id}');
    },

    async applePaySession({ validationUrl, domain, displayName }) {
      // Apple's validation hosts only, and this site's domain only: nothing else is sent to Finix.
      if (!isApplePayValidationUrl(validationUrl)) {
        throw new ProcessorError('INSTRUMENT_INVALID', 'The validation URL is not an Apple Pay gateway.');
      }
      if (domain.toLowerCase() !== options.merchantDomain().toLowerCase()) {
        throw new ProcessorError('INSTRUMENT_INVALID', `The domain ${domain} is not this site's.`);
      }
      let details: string;
      try {
        const session = await http.request({
          method: 'POST',
          path: '/apple_pay_sessions',
          json: { display_name: displayName, domain, merchant_identity: await merchantIdentityId(), validation_url: validationUrl },
          schema: finixApplePaySessionSchema,
        });
        details = session.session_details;
      } catch (error) {
        throw processorError(error, 'INSTRUMENT_INVALID');
      }
      let merchantSession: unknown;
      try {
        merchantSession = JSON.parse(details);
      } catch {
        merchantSession = null;
      }
      if (!merchantSession || typeof merchantSession !== 'object' || Array.isArray(merchantSession)) {
        throw new ProcessorError(
          'UNAVAILABLE',
          'finix answered POST /apple_pay_sessions with session_details that are not a merchant session',
        );
      }
      return merchantSession as Record<string, unknown>;
    },

    async pushToCard({ idempotencyId, amount, currency, reference, instrumentId }): Promise<Payout> {
      const body = {
        amount,
        currency,
        destination: instrumentId,
        operation_key: 'PUSH_TO_CARD',
        idempotency_id: idempotencyId,
        tags: { payoutReference: reference },
      };
      let transfer: FinixTransfer | null;
      try {
        transfer = await sendTransfer(body, idempotencyId);
      } catch (error) {
        if (error instanceof VendorHttpError && error.status === 404) throw new PayoutError('NOT_FOUND', error.message);
        throw new PayoutError('UNAVAILABLE', error instanceof Error ? error.message : 'finix: POST /transfers failed');
      }
      if (!transfer) throw new PayoutError('UNAVAILABLE', 'finix answered 402 to POST /transfers and lists no transfer for it');
      const payoutReference = transfer.tags?.payoutReference;
      if (!payoutReference) throw new PayoutError('UNAVAILABLE', 'finix answered POST /transfers with a transfer without our reference');
      return {
        id: transfer.id,
        state: ourState(transfer.state),
        amount: transfer.amount,
        currency: transfer.currency,
        reference: payoutReference,
        failureReason: ourFailureCode(transfer.failure_code, transfer.state),
      };
    },

    verifyWebhook: (headers, rawBody, now = new Date()) => verifyFinixWebhook(options.webhookSecret, headers, rawBody, now),
  };
  return client;
}
