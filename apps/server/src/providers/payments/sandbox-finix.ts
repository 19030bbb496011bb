import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  isApplePayValidationUrl,
  ProcessorError,
  SIGNATURE_HEADER,
  signWebhook,
  verifyWebhookSignature,
  WebhookSignatureError,
  type CardProcessor,
  type ProcessorTransfer,
  type ProcessorWebhookEvent,
} from './card-processor.js';
import { sandboxPages } from './sandbox-finix-pages.js';
import { PayoutError, type CardPayouts, type Payout } from '../payouts/payout-provider.js';

/**
 * The Finix-style sandbox (docs/ARCHITECTURE.md 'Vendors behind adapters'): it plays the processor, in this process.
 *
 * - Its card-field page (/sandbox/finix/card-form) is the processor's own page in an iframe: the
 *   card number goes from that page to the processor's tokenising endpoint and nowhere else. The
 *   sandbox keeps only the brand, the last four digits, the card's fingerprint and what the test card
 *   does.
 * - Test cards (any expiry in the future, any CVC):
 *   4111 1111 1111 1111 Visa, 5555 5555 5555 4444 Mastercard, 6011 1111 1111 1117 Discover,
 *   3782 822463 10005 Amex succeed; 4000 0000 0000 0002 is declined; 4000 0000 0000 3220 needs a
 *   3-D Secure challenge (a page where the tester passes or fails it); 4000 0000 0000 0408 is
 *   charged but the answer to the charge is lost (the call fails as on a dropped connection;
 *   the webhook still tells the truth). Any other number that
 *   passes the Luhn check succeeds; one that does not is refused when tokenised.
 * - Like the vendor's payment instruments, each carries the card's fingerprint (an HMAC of the
 *   number): one card, one print, whichever account pays with it.
 * - Like the vendor it answers transfers synchronously, then sends a signed webhook for every
 *   transfer state it reaches (HMAC over timestamp and body), retried a few times on failure.
 */
export interface SandboxWebhookRecord {
  eventId: string;
  merchantRefNum: string;
  state: string;
  body: string;
  signature: string;
  deliveredStatus: number | null;
}

export interface SandboxFinix extends CardProcessor, CardPayouts {
  /** Every webhook sent, newest last (the dev API and tests read them). */
  webhooks(merchantRefNum?: string): SandboxWebhookRecord[];
  /** The 3-D Secure outcome of a pending transfer, as the challenge page submits it. */
  completeChallenge(transferId: string, outcome: 'pass' | 'fail'): Promise<ProcessorTransfer>;
  tokenize(input: { number: string; expiry: string; cvc: string; name?: string }): { id: string; brand: string; lastFour: string };
}

type Behaviour = 'succeed' | 'decline' | 'challenge' | 'lost-response';

interface CardFacts {
  brand: string;
  lastFour: string;
  behaviour: Behaviour;
  fingerprint: string;
}

const TEST_BEHAVIOUR: Record<string, Behaviour> = {
  '4000000000000002': 'decline',
  '4000000000003220': 'challenge',
  '4000000000000408': 'lost-response',
};

const TOKEN_TTL_MS = 30 * 60_000;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'DISCOVER';
  if (/^3[47]/.test(digits)) return 'AMERICAN_EXPRESS';
  return 'UNKNOWN';
}

/** A sandbox vendor id: letters only after the prefix, so it never looks like a card number. */
export function sandboxId(prefix: string): string {
  return (
    prefix +
    randomBytes(12)
      .toString('base64url')
      .replace(/[^a-zA-Z]/g, 'x')
  );
}

const SANDBOX_APPLE_MERCHANT_ID = 'merchant.sandbox.finix';

const WALLET_NETWORKS: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  discover: 'DISCOVER',
  amex: 'AMERICAN_EXPRESS',
};

/**
 * What the sandbox reads from a wallet's payment token (the real processor decrypts it). Apple Pay:
 * Apple's PKPaymentToken JSON, `{ paymentData: { version: 'EC_v1' | 'RSA_v1', data, signature,
 * header: { transactionId, ... } }, paymentMethod: { displayName: 'Visa 1111', network: 'Visa' },
 * transactionIdentifier }`. Google Pay: tokenizationData.token, `{ protocolVersion: 'ECv2',
 * signature, intermediateSigningKey, signedMessage }` whose signedMessage is JSON with
 * encryptedMessage, ephemeralPublicKey and tag. A wallet card ending 0002 is declined, like the
 * test card 4000 0000 0000 0002; any other well-formed token succeeds.
 */
function walletFacts(type: 'APPLE_PAY' | 'GOOGLE_PAY', token: string): Omit<CardFacts, 'fingerprint'> & { tokenId: string } {
  const invalid = () => new ProcessorError('TOKEN_INVALID', 'The wallet token is not valid.');
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(token) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  if (!parsed || typeof parsed !== 'object') throw invalid();
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  if (type === 'APPLE_PAY') {
    const data = parsed.paymentData as Record<string, unknown> | undefined;
    const header = data?.header as Record<string, unknown> | undefined;
    const method = parsed.paymentMethod as Record<string, unknown> | undefined;
    const transactionId = text(header?.transactionId);
    if (!data || !['EC_v1', 'RSA_v1'].includes(String(data.version)) || !text(data.data) || !text(data.signature) || !transactionId) {
      throw invalid();
    }
    const brand = WALLET_NETWORKS[(text(method?.network) ?? '').toLowerCase()];
    const lastFour = /(\d{4})$/.exec(text(method?.displayName) ?? '')?.[1];
    if (!brand || !lastFour) throw invalid();
    return { brand, lastFour, behaviour: lastFour === '0002' ? 'decline' : 'succeed', tokenId: `apple:${transactionId}` };
  }
  const signed = text(parsed.signedMessage);
  if (parsed.protocolVersion !== 'ECv2' || !text(parsed.signature) || !signed) throw invalid();
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(signed) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  if (!text(message.encryptedMessage) || !text(message.ephemeralPublicKey) || !text(message.tag)) throw invalid();
  // The sandbox's Google Pay test cards: the card's network and last four travel in the sandbox
  // token's encryptedMessage as '<NETWORK>-<last four>' (the real processor decrypts them).
  const [network, lastFour] = String(message.encryptedMessage).split('-');
  const brand = WALLET_NETWORKS[String(network).toLowerCase()] ?? 'VISA';
  const four = /^\d{4}$/.test(String(lastFour)) ? String(lastFour) : '1111';
  return { brand, lastFour: four, behaviour: four === '0002' ? 'decline' : 'succeed', tokenId: `google:${String(message.tag)}` };
}

export function createSandboxFinix(options: {
  webhookSecret: string;
  /** The domain registered for Apple Pay: the site's own host. */
  merchantDomain: () => string;
  /** Where the webhooks go (read at send time: the test server learns its port after start). */
  webhookUrl: () => string;
  log: { warn: (object: unknown, message: string) => void };
}): SandboxFinix {
  const tokens = new Map<string, CardFacts & { expiresAt: number }>();
  const instruments = new Map<string, CardFacts & { identity: string }>();
  const transfers = new Map<string, ProcessorTransfer>();
  const byIdempotencyId = new Map<string, string>();
  const sent: SandboxWebhookRecord[] = [];
  const usedWalletTokens = new Set<string>();
  const cardPayouts = new Map<string, Payout>();
  /** The sandbox's card fingerprint: an HMAC of what identifies the card, so no number can be read back from it. */
  const fingerprintOf = (card: string) =>
    `FP${createHmac('sha256', options.webhookSecret).update(`card-fingerprint:${card}`).digest('base64url').slice(0, 27)}`;

  function snapshot(transfer: ProcessorTransfer): ProcessorTransfer {
    return { ...transfer };
  }

  async function deliver(record: SandboxWebhookRecord): Promise<void> {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        const response = await fetch(options.webhookUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: record.signature },
          body: record.body,
        });
        record.deliveredStatus = response.status;
        if (response.ok) return;
      } catch (error) {
        options.log.warn({ err: error, eventId: record.eventId }, 'sandbox processor: webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  /** Sends the transfer's current state as a signed webhook, in the background like the vendor. */
  function notify(transfer: ProcessorTransfer): void {
    const eventId = sandboxId('EV');
    const body = JSON.stringify({ id: eventId, type: 'transfer.updated', entity: toWire(transfer) });
    const record: SandboxWebhookRecord = {
      eventId,
      merchantRefNum: transfer.merchantRefNum,
      state: transfer.state,
      body,
      signature: signWebhook(options.webhookSecret, body, Math.floor(Date.now() / 1000)),
      deliveredStatus: null,
    };
    sent.push(record);
    if (sent.length > 1000) sent.shift();
    setImmediate(() => void deliver(record));
  }

  const sandbox: SandboxFinix = {
    kind: 'sandbox',

    cardFormUrl: (merchantRefNum) => `/sandbox/finix/card-form?ref=${encodeURIComponent(merchantRefNum)}`,

    tokenize({ number, expiry, cvc }) {
      const digits = number.replace(/[\s-]/g, '');
      if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw new ProcessorError('TOKEN_INVALID', 'Your card number is invalid.');
      const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
      const month = Number(match?.[1]);
      const year = 2000 + Number(match?.[2]);
      const now = new Date();
      if (!match || month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
        throw new ProcessorError('TOKEN_INVALID', 'Your card expiry date is invalid.');
      }
      const brand = cardBrand(digits);
      if (!/^\d{3,4}$/.test(cvc.trim()) || (brand === 'AMERICAN_EXPRESS') !== (cvc.trim().length === 4)) {
        throw new ProcessorError('TOKEN_INVALID', "Your card's security code is invalid.");
      }
      const token = sandboxId('TK');
      const facts: CardFacts = {
        brand,
        lastFour: digits.slice(-4),
        behaviour: TEST_BEHAVIOUR[digits] ?? 'succeed',
        fingerprint: fingerprintOf(digits),
      };
      tokens.set(token, { ...facts, expiresAt: Date.now() + TOKEN_TTL_MS });
      return { id: token, brand: facts.brand, lastFour: facts.lastFour };
    },

    async createInstrument({ token, identity, type = 'TOKEN' }) {
      if (type !== 'TOKEN') {
        const wallet = walletFacts(type, token);
        // A wallet's payment token pays once (Apple Pay and Google Pay tokens are single-use).
        if (usedWalletTokens.has(wallet.tokenId)) throw new ProcessorError('TOKEN_INVALID', 'This wallet token was already used.');
        usedWalletTokens.add(wallet.tokenId);
        const instrumentId = sandboxId('PI');
        // A wallet hides the card's number: the sandbox knows the network and last four digits only.
        const fingerprint = fingerprintOf(`${type}:${wallet.brand}:${wallet.lastFour}`);
        instruments.set(instrumentId, {
          brand: wallet.brand,
          lastFour: wallet.lastFour,
          behaviour: wallet.behaviour,
          fingerprint,
          identity,
        });
        return { instrumentId, brand: wallet.brand, lastFour: wallet.lastFour, fingerprint };
      }
      const facts = tokens.get(token);
      if (!facts || facts.expiresAt < Date.now()) throw new ProcessorError('TOKEN_INVALID', 'The card token is unknown or expired.');
      tokens.delete(token);
      const instrumentId = sandboxId('PI');
      instruments.set(instrumentId, {
        brand: facts.brand,
        lastFour: facts.lastFour,
        behaviour: facts.behaviour,
        fingerprint: facts.fingerprint,
        identity,
      });
      return { instrumentId, brand: facts.brand, lastFour: facts.lastFour, fingerprint: facts.fingerprint };
    },

    async createTransfer({ instrumentId, amount, currency, merchantRefNum, idempotencyId }) {
      const existing = byIdempotencyId.get(idempotencyId);
      if (existing) return snapshot(transfers.get(existing)!);
      const instrument = instruments.get(instrumentId);
      if (!instrument) throw new ProcessorError('INSTRUMENT_INVALID', 'The payment instrument is unknown.');
      const transferId = sandboxId('TR');
      const transfer: ProcessorTransfer = {
        id: transferId,
        amount,
        currency,
        merchantRefNum,
        state: 'SUCCEEDED',
        failureCode: null,
        failureMessage: null,
        threeDSecureUrl: null,
      };
      if (instrument.behaviour === 'decline') {
        Object.assign(transfer, { state: 'FAILED', failureCode: 'CARD_DECLINED', failureMessage: 'The payment was declined' });
      } else if (instrument.behaviour === 'challenge') {
        Object.assign(transfer, { state: 'PENDING', threeDSecureUrl: `/sandbox/finix/3ds/${transferId}` });
      }
      transfers.set(transferId, transfer);
      byIdempotencyId.set(idempotencyId, transferId);
      notify(transfer);
      if (instrument.behaviour === 'lost-response') throw new ProcessorError('UNAVAILABLE', 'The connection was reset.');
      return snapshot(transfer);
    },

    // A push-to-card payout to a known instrument: settled at once, like the vendor's real-time
    // payouts. The test card that declines charges declines payouts too (CARD_DECLINED).
    async pushToCard({ idempotencyId, amount, currency, reference, instrumentId }) {
      const earlier = cardPayouts.get(idempotencyId);
      if (earlier) return { ...earlier };
      const instrument = instruments.get(instrumentId);
      if (!instrument) throw new PayoutError('NOT_FOUND', 'The payment instrument is unknown.');
      const declined = instrument.behaviour === 'decline';
      const payout: Payout = {
        id: sandboxId('PTC'),
        state: declined ? 'FAILED' : 'SUCCEEDED',
        amount,
        currency,
        reference,
        failureReason: declined ? 'CARD_DECLINED' : null,
      };
      cardPayouts.set(idempotencyId, payout);
      return { ...payout };
    },

    async applePaySession({ validationUrl, domain, displayName }) {
      // Apple's merchant validation: only Apple's own validation hosts, only the merchant's registered domain.
      if (!isApplePayValidationUrl(validationUrl)) {
        throw new ProcessorError('INSTRUMENT_INVALID', 'The validation URL is not an Apple Pay gateway.');
      }
      const registered = options.merchantDomain();
      if (domain.toLowerCase() !== registered.toLowerCase()) {
        throw new ProcessorError('INSTRUMENT_INVALID', `The domain ${domain} is not registered for Apple Pay.`);
      }
      const now = Date.now();
      return {
        epochTimestamp: now,
        expiresAt: now + 60 * 60_000,
        merchantSessionIdentifier: sandboxId('SSH'),
        nonce: randomBytes(4).toString('hex'),
        merchantIdentifier: SANDBOX_APPLE_MERCHANT_ID,
        domainName: registered,
        displayName,
        signature: randomBytes(32).toString('base64'),
        operationalAnalyticsIdentifier: `${displayName}:${SANDBOX_APPLE_MERCHANT_ID}`,
        retries: 0,
        pspId: SANDBOX_APPLE_MERCHANT_ID,
      };
    },

    async fetchTransfer(transferId) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new ProcessorError('NOT_FOUND', 'No such transfer.');
      return snapshot(transfer);
    },

    async completeChallenge(transferId, outcome) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new ProcessorError('NOT_FOUND', 'No such transfer.');
      if (transfer.state !== 'PENDING') return snapshot(transfer);
      transfer.threeDSecureUrl = null;
      if (outcome === 'pass') transfer.state = 'SUCCEEDED';
      else
        Object.assign(transfer, {
          state: 'FAILED',
          failureCode: 'THREE_D_SECURE_FAILED',
          failureMessage: '3-D Secure authentication failed',
        });
      notify(transfer);
      return snapshot(transfer);
    },

    verifyWebhook(headers, rawBody, now = new Date()): ProcessorWebhookEvent {
      const header = headers[SIGNATURE_HEADER];
      verifyWebhookSignature(options.webhookSecret, Array.isArray(header) ? header[0] : header, rawBody, now);
      return parseWebhook(rawBody);
    },

    webhooks: (merchantRefNum) => sent.filter((record) => merchantRefNum === undefined || record.merchantRefNum === merchantRefNum),
  };
  return sandbox;
}

interface WireTransfer {
  id: string;
  state: string;
  amount: number;
  currency: string;
  tags: { merchantRefNum: string };
  failure_code: string | null;
  failure_message: string | null;
}

function toWire(transfer: ProcessorTransfer): WireTransfer {
  return {
    id: transfer.id,
    state: transfer.state,
    amount: transfer.amount,
    currency: transfer.currency,
    tags: { merchantRefNum: transfer.merchantRefNum },
    failure_code: transfer.failureCode,
    failure_message: transfer.failureMessage,
  };
}

/** The Finix-style webhook body: `{ id, type: 'transfer.updated', entity: <transfer> }`. */
export function parseWebhook(rawBody: string): ProcessorWebhookEvent {
  let parsed: { id?: unknown; entity?: Partial<WireTransfer> };
  try {
    parsed = JSON.parse(rawBody) as typeof parsed;
  } catch {
    throw new WebhookSignatureError('body is not JSON');
  }
  const entity = parsed.entity;
  const states = ['SUCCEEDED', 'FAILED', 'PENDING'];
  if (
    typeof parsed.id !== 'string' ||
    !entity ||
    typeof entity.id !== 'string' ||
    !states.includes(String(entity.state)) ||
    typeof entity.amount !== 'number' ||
    typeof entity.currency !== 'string' ||
    typeof entity.tags?.merchantRefNum !== 'string'
  ) {
    throw new WebhookSignatureError('unexpected body');
  }
  return {
    eventId: parsed.id,
    transfer: {
      id: entity.id,
      state: entity.state as ProcessorTransfer['state'],
      amount: entity.amount,
      currency: entity.currency,
      merchantRefNum: entity.tags.merchantRefNum,
      failureCode: entity.failure_code ?? null,
      failureMessage: entity.failure_message ?? null,
      threeDSecureUrl: null,
    },
  };
}

/** The processor's own pages and endpoints, under /sandbox/finix (not our API). */
export async function registerSandboxFinixPages(app: FastifyInstance, sandbox: SandboxFinix): Promise<void> {
  await app.register(sandboxPages, { sandbox, prefix: '/sandbox/finix' });
}
