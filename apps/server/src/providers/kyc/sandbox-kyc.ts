import { sandboxId } from '../payments/sandbox-finix.js';
import { KYC_SIGNATURE_HEADER, signKycWebhook, verifyKycWebhook, type KycProvider, type KycSessionStatus } from './kyc-provider.js';

/**
 * The sandbox KYC vendor (docs/ARCHITECTURE.md 'Vendors behind adapters'): it plays a hosted identity-verification service in
 * this process, like the Finix-style payments sandbox.
 *
 * - createSession answers the link of its own hosted page, /sandbox/kyc/session/<id>.
 * - Opening the page activates the session; the player captures a document, then a selfie, and
 *   (the sandbox's test control) picks the outcome: approved, failed, or processing (held for a
 *   manual review, which the page then offers to approve or reject, as a vendor's reviewer would).
 * - A session not finished within SESSION_TTL_MS is archived when it is next opened.
 * - Every status it reaches is sent as a signed webhook (HMAC over timestamp and body, header
 *   kyc-signature), in the background and retried, like the vendor.
 */
export const SANDBOX_KYC_SESSION_TTL_MS = 30 * 60_000;

export type SandboxOutcome = 'approved' | 'failed' | 'processing';

export interface SandboxKycSessionView {
  sessionId: string;
  status: KycSessionStatus;
  returnUrl: string;
  documentType: string | null;
}

export interface SandboxKycWebhook {
  eventId: string;
  sessionId: string;
  status: KycSessionStatus;
  body: string;
  signature: string;
  deliveredStatus: number | null;
}

export interface SandboxKyc extends KycProvider {
  /** The hosted page was opened: activates the session (or archives it when too old). */
  open(sessionId: string): SandboxKycSessionView | null;
  /** Document and selfie captured: the session goes to processing, then to the outcome. */
  submit(sessionId: string, input: { documentType: string; outcome: SandboxOutcome }): SandboxKycSessionView | null;
  /** The reviewer's decision on a session held in processing. */
  review(sessionId: string, decision: 'approved' | 'failed'): SandboxKycSessionView | null;
  /** Every webhook sent, oldest first (the dev API and tests read them). */
  webhooks(sessionId?: string): SandboxKycWebhook[];
}

interface SessionState {
  reference: string;
  returnUrl: string;
  status: KycSessionStatus;
  createdAt: number;
  documentType: string | null;
}

export function createSandboxKyc(options: {
  webhookSecret: string;
  webhookUrl: () => string;
  log: { warn: (object: unknown, message: string) => void };
  now?: () => number;
}): SandboxKyc {
  const now = options.now ?? Date.now;
  const sessions = new Map<string, SessionState>();
  const sent: SandboxKycWebhook[] = [];

  async function deliver(record: SandboxKycWebhook): Promise<void> {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        const response = await fetch(options.webhookUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: record.signature },
          body: record.body,
        });
        record.deliveredStatus = response.status;
        if (response.ok) return;
      } catch (error) {
        options.log.warn({ err: error, eventId: record.eventId }, 'sandbox KYC: webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  function move(sessionId: string, session: SessionState, status: KycSessionStatus): void {
    session.status = status;
    const eventId = sandboxId('KE');
    const body = JSON.stringify({
      id: eventId,
      type: 'verification.status_changed',
      data: { sessionId, reference: session.reference, status },
      createdAt: new Date(now()).toISOString(),
    });
    const record: SandboxKycWebhook = {
      eventId,
      sessionId,
      status,
      body,
      signature: signKycWebhook(options.webhookSecret, body, Math.floor(now() / 1000)),
      deliveredStatus: null,
    };
    sent.push(record);
    if (sent.length > 1000) sent.shift();
    setImmediate(() => void deliver(record));
  }

  const view = (sessionId: string, session: SessionState): SandboxKycSessionView => ({
    sessionId,
    status: session.status,
    returnUrl: session.returnUrl,
    documentType: session.documentType,
  });

  return {
    kind: 'sandbox',
    name: 'sandbox',

    async createSession({ reference, returnUrl }) {
      const sessionId = sandboxId('KS');
      // Only a path of the merchant's own site: the page never sends the player elsewhere.
      const safeReturn = returnUrl.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '/';
      sessions.set(sessionId, { reference, returnUrl: safeReturn, status: 'created', createdAt: now(), documentType: null });
      return { sessionId, url: `/sandbox/kyc/session/${sessionId}`, status: 'created' };
    },

    verifyWebhook: (headers, rawBody, at = new Date()) => verifyKycWebhook(options.webhookSecret, headers, rawBody, at),

    open(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return null;
      if ((session.status === 'created' || session.status === 'activated') && now() - session.createdAt > SANDBOX_KYC_SESSION_TTL_MS) {
        move(sessionId, session, 'archived');
      } else if (session.status === 'created') {
        move(sessionId, session, 'activated');
      }
      return view(sessionId, session);
    },

    submit(sessionId, { documentType, outcome }) {
      const session = sessions.get(sessionId);
      if (!session) return null;
      if (session.status !== 'activated') return view(sessionId, session);
      session.documentType = documentType;
      move(sessionId, session, 'processing');
      if (outcome === 'approved') move(sessionId, session, 'complete');
      else if (outcome === 'failed') move(sessionId, session, 'failed');
      return view(sessionId, session);
    },

    review(sessionId, decision) {
      const session = sessions.get(sessionId);
      if (!session) return null;
      if (session.status === 'processing') move(sessionId, session, decision === 'approved' ? 'complete' : 'failed');
      return view(sessionId, session);
    },

    webhooks: (sessionId) => sent.filter((record) => sessionId === undefined || record.sessionId === sessionId),
  };
}
