import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_SIGNATURE_HEADER, verifyKycWebhook } from './kyc-provider.js';
import { createSandboxKyc, SANDBOX_KYC_SESSION_TTL_MS } from './sandbox-kyc.js';

const SECRET = 'sandbox-kyc-test-secret-of-at-least-32-characters';

/** A stand-in for our webhook endpoint: it records what the sandbox vendor delivers. */
let server: Server;
let url = '';
const delivered: { signature: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      delivered.push({ signature: String(request.headers[KYC_SIGNATURE_HEADER]), body });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/` : '';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the sandbox KYC vendor', () => {
  it('archives a session opened after its time to live, and says so in a signed webhook', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const sandbox = createSandboxKyc({ webhookSecret: SECRET, webhookUrl: () => url, log: { warn: () => undefined }, now: () => now });
    const session = await sandbox.createSession({ reference: 'player-1', returnUrl: '/user/account-details?tab=verification' });
    now += SANDBOX_KYC_SESSION_TTL_MS + 1000;
    expect(sandbox.open(session.sessionId)?.status).toBe('archived');
    // A submit on an archived session changes nothing.
    expect(sandbox.submit(session.sessionId, { documentType: 'PASSPORT', outcome: 'approved' })?.status).toBe('archived');
    const [hook] = sandbox.webhooks(session.sessionId);
    expect(hook?.status).toBe('archived');
    const event = verifyKycWebhook(SECRET, { [KYC_SIGNATURE_HEADER]: hook!.signature }, hook!.body, new Date(now));
    expect(event).toEqual({ eventId: hook!.eventId, sessionId: session.sessionId, status: 'archived' });
    await expect.poll(() => delivered.some((item) => item.body === hook!.body && item.signature === hook!.signature)).toBe(true);
  });

  it('sends the player back only to a path of our own site', async () => {
    const sandbox = createSandboxKyc({ webhookSecret: SECRET, webhookUrl: () => url, log: { warn: () => undefined } });
    const session = await sandbox.createSession({ reference: 'player-2', returnUrl: 'https://elsewhere.example/phish' });
    expect(sandbox.open(session.sessionId)?.returnUrl).toBe('/');
    const protocolRelative = await sandbox.createSession({ reference: 'player-2', returnUrl: '//elsewhere.example/' });
    expect(sandbox.open(protocolRelative.sessionId)?.returnUrl).toBe('/');
  });
});
