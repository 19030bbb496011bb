import { createHmac, timingSafeEqual } from 'node:crypto';
import { sandboxId } from '../payments/sandbox-finix.js';
import {
  PAYOUT_SIGNATURE_HEADER,
  PayoutError,
  payoutWebhookBody,
  signPayoutWebhook,
  verifyPayoutWebhook,
  type LinkedAccount,
  type Payout,
  type PayoutProvider,
} from './payout-provider.js';

/**
 * The sandbox payout provider (Paynote-style, docs/ARCHITECTURE.md 'Vendors behind adapters'). Its bank-link widget
 * (sandbox-paynote-pages.ts) offers three banks; Sandbox Failing Bank never signs in. The test
 * credentials are user_good / pass_good (anything else is refused). Each bank has three accounts:
 * checking ••1234 and savings ••5678 are paid, closed checking ••0000 links but every payout to it
 * fails (ACCOUNT_CLOSED). An e-wallet payout fails when the e-mail's local part holds "+fail".
 *
 * A linked account's reference is signed by the sandbox and names the bank, the account and the
 * customer, so it survives restarts; it holds no account number. Payouts answer PENDING at once
 * and settle after `settleAfterMs` with a signed webhook, like the vendor.
 */
export const SANDBOX_BANKS = [
  { id: 'national', name: 'Sandbox National Bank', fails: false },
  { id: 'credit-union', name: 'Sandbox Credit Union', fails: false },
  { id: 'failing', name: 'Sandbox Failing Bank', fails: true },
] as const;

export const SANDBOX_ACCOUNTS = [
  { id: 'checking', name: 'Checking', lastDigits: '1234', closed: false },
  { id: 'savings', name: 'Savings', lastDigits: '5678', closed: false },
  { id: 'closed', name: 'Closed checking', lastDigits: '0000', closed: true },
] as const;

export const SANDBOX_CREDENTIALS = { username: 'user_good', password: 'pass_good' } as const;

export interface SandboxPayoutWebhook {
  eventId: string;
  payoutId: string;
  state: Payout['state'];
  body: string;
  signature: string;
  deliveredStatus: number | null;
}

export interface SandboxPaynote extends PayoutProvider {
  /** The widget's sign-in: answers a short-lived session for the bank's accounts, or refuses. */
  signIn(input: { customerId: string; bankId: string; username: string; password: string }): {
    session: string;
    accounts: { id: string; name: string; lastDigits: string }[];
  };
  /** The widget's account choice: answers the linked account's reference. */
  pickAccount(input: { session: string; accountId: string }): LinkedAccount;
  /** Settles a pending payout now (tests; the timer does it otherwise) and sends its webhook. */
  settle(payoutId: string): Promise<Payout>;
  webhooks(payoutId?: string): SandboxPayoutWebhook[];
}

interface SessionFacts {
  customerId: string;
  bankId: string;
  expiresAt: number;
}

const SESSION_TTL_MS = 10 * 60 * 1000;

export function createSandboxPaynote(options: {
  webhookSecret: string;
  webhookUrl: () => string;
  /** Milliseconds from a payout to its settlement webhook; null: only settle() settles. */
  settleAfterMs: number | null;
  log: { warn: (object: unknown, message: string) => void };
}): SandboxPaynote {
  const sessions = new Map<string, SessionFacts>();
  const payouts = new Map<string, Payout & { closed: boolean }>();
  const byIdempotencyId = new Map<string, string>();
  const sent: SandboxPayoutWebhook[] = [];
  const referenceKey = createHmac('sha256', options.webhookSecret).update('paynote-sandbox-accounts').digest();

  function sign(payload: string): string {
    return createHmac('sha256', referenceKey).update(payload).digest('base64url').slice(0, 22);
  }

  function referenceOf(customerId: string, bankId: string, accountId: string): string {
    const payload = Buffer.from(JSON.stringify({ c: customerId, b: bankId, a: accountId })).toString('base64url');
    return `pn_acct_${payload}.${sign(payload)}`;
  }

  function accountOf(reference: string): LinkedAccount & { closed: boolean } {
    const match = /^pn_acct_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/.exec(reference);
    if (!match) throw new PayoutError('NOT_FOUND', 'No such linked account.');
    const [, payload, mac] = match as unknown as [string, string, string];
    const expected = Buffer.from(sign(payload));
    if (!timingSafeEqual(expected, Buffer.from(mac))) {
      throw new PayoutError('NOT_FOUND', 'No such linked account.');
    }
    const facts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { c: string; b: string; a: string };
    const bank = SANDBOX_BANKS.find((candidate) => candidate.id === facts.b);
    const account = SANDBOX_ACCOUNTS.find((candidate) => candidate.id === facts.a);
    if (!bank || !account) throw new PayoutError('NOT_FOUND', 'No such linked account.');
    return { reference, bank: bank.name, lastDigits: account.lastDigits, customerId: facts.c, closed: account.closed };
  }

  async function deliver(record: SandboxPayoutWebhook): Promise<void> {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        const response = await fetch(options.webhookUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [PAYOUT_SIGNATURE_HEADER]: record.signature },
          body: record.body,
        });
        record.deliveredStatus = response.status;
        if (response.ok) return;
      } catch (error) {
        options.log.warn({ err: error, eventId: record.eventId }, 'sandbox payout provider: webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  function notify(payout: Payout): void {
    const eventId = sandboxId('PNEV');
    const body = payoutWebhookBody(eventId, payout);
    const record: SandboxPayoutWebhook = {
      eventId,
      payoutId: payout.id,
      state: payout.state,
      body,
      signature: signPayoutWebhook(options.webhookSecret, body, Math.floor(Date.now() / 1000)),
      deliveredStatus: null,
    };
    sent.push(record);
    if (sent.length > 1000) sent.shift();
    setImmediate(() => void deliver(record));
  }

  function snapshot(payout: Payout): Payout {
    return {
      id: payout.id,
      state: payout.state,
      amount: payout.amount,
      currency: payout.currency,
      reference: payout.reference,
      failureReason: payout.failureReason,
    };
  }

  const sandbox: SandboxPaynote = {
    kind: 'sandbox',

    linkUrl: (customerId) => `/sandbox/paynote/link?customer=${encodeURIComponent(customerId)}`,

    signIn({ customerId, bankId, username, password }) {
      const bank = SANDBOX_BANKS.find((candidate) => candidate.id === bankId);
      if (!bank) throw new PayoutError('LINK_FAILED', 'Please choose a bank.');
      if (bank.fails) throw new PayoutError('LINK_FAILED', 'This bank is not responding right now. Please choose another bank.');
      if (username !== SANDBOX_CREDENTIALS.username || password !== SANDBOX_CREDENTIALS.password) {
        throw new PayoutError('LINK_FAILED', 'The username or password is incorrect.');
      }
      if (!/^[A-Za-z0-9_-]{8,64}$/.test(customerId)) throw new PayoutError('LINK_FAILED', 'Unknown customer.');
      const session = sandboxId('PNS');
      sessions.set(session, { customerId, bankId, expiresAt: Date.now() + SESSION_TTL_MS });
      return { session, accounts: SANDBOX_ACCOUNTS.map(({ id, name, lastDigits }) => ({ id, name, lastDigits })) };
    },

    pickAccount({ session, accountId }) {
      const facts = sessions.get(session);
      if (!facts || facts.expiresAt < Date.now())
        throw new PayoutError('LINK_FAILED', 'Your bank session has ended. Please sign in again.');
      if (!SANDBOX_ACCOUNTS.some((account) => account.id === accountId)) throw new PayoutError('LINK_FAILED', 'Please choose an account.');
      sessions.delete(session);
      const { closed: _closed, ...account } = accountOf(referenceOf(facts.customerId, facts.bankId, accountId));
      return account;
    },

    async fetchAccount(reference) {
      const { closed: _closed, ...account } = accountOf(reference);
      return account;
    },

    async createPayout({ idempotencyId, amount, currency, reference, destination }) {
      const known = byIdempotencyId.get(idempotencyId);
      if (known) return snapshot(payouts.get(known)!);
      // A bank payout provider pays no card.
      if (destination.type === 'CARD') throw new PayoutError('NOT_FOUND', 'No such linked account.');
      const closed =
        destination.type === 'BANK'
          ? accountOf(destination.accountReference).closed
          : /\+fail/i.test(destination.email.split('@')[0] ?? '');
      const payout = { id: sandboxId('PO'), state: 'PENDING' as const, amount, currency, reference, failureReason: null, closed };
      payouts.set(payout.id, payout);
      byIdempotencyId.set(idempotencyId, payout.id);
      if (options.settleAfterMs !== null) {
        setTimeout(() => void sandbox.settle(payout.id).catch(() => undefined), options.settleAfterMs).unref();
      }
      return snapshot(payout);
    },

    async settle(payoutId) {
      const payout = payouts.get(payoutId);
      if (!payout) throw new PayoutError('NOT_FOUND', 'No such payout.');
      if (payout.state === 'PENDING') {
        payout.state = payout.closed ? 'FAILED' : 'SUCCEEDED';
        payout.failureReason = payout.closed ? 'ACCOUNT_CLOSED' : null;
        notify(payout);
      }
      return snapshot(payout);
    },

    verifyWebhook(headers, rawBody, now = new Date()) {
      const header = headers[PAYOUT_SIGNATURE_HEADER];
      return verifyPayoutWebhook(options.webhookSecret, Array.isArray(header) ? header[0] : header, rawBody, now);
    },

    webhooks: (payoutId) => sent.filter((record) => payoutId === undefined || record.payoutId === payoutId),
  };
  return sandbox;
}
