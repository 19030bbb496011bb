import { KYC_LABELS } from '@casino/contracts/kyc';
import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { signedInClient } from '../../test/signed-in.js';
import { signKycWebhook } from '../../providers/kyc/kyc-provider.js';
import { verifyPhone } from './test-phones.js';

interface Webhook {
  eventId: string;
  sessionId: string;
  status: string;
  body: string;
  signature: string;
  deliveredStatus: number | null;
}

async function kycStatusOf(client: TestClient): Promise<string> {
  const response = await client.get<{ data: { kycStatus: string } }>('user/profile');
  return response.body.data.kycStatus;
}

/** The sandbox delivers its webhooks in the background: wait until the player's status is `status`. */
async function statusBecomes(client: TestClient, status: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if ((await kycStatusOf(client)) === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the KYC status never became ${status} (it is ${await kycStatusOf(client)})`);
}

async function webhooksOf(sessionId: string): Promise<Webhook[]> {
  const client = await newClient();
  const response = await client.get<{ data: { rows: Webhook[] } }>('dev/kyc/webhooks', { sessionId });
  return response.body.data.rows;
}

/** A verified player with an open KYC session: its hosted page path and session id. */
async function playerWithSession() {
  const player = await signedInClient('ky');
  await verifyPhone(player.client);
  const init = await player.client.get<{ data: { url: string; kycStatus: string } }>('kyc/init-kyc');
  expect(init.status).toBe(200);
  const sessionId = init.body.data.url.split('/').pop()!;
  return { ...player, url: init.body.data.url, sessionId };
}

async function openPage(url: string): Promise<Response> {
  const { baseUrl } = await testServer();
  return fetch(new URL(url, baseUrl));
}

async function submit(sessionId: string, outcome: 'approved' | 'failed' | 'processing') {
  const client = await newClient();
  return client.post<{ status: string }>(`/sandbox/kyc/session/${sessionId}/submit`, { documentType: 'DRIVERS_LICENSE', outcome });
}

async function postWebhook(body: string, signature: string | undefined) {
  const { baseUrl } = await testServer();
  return fetch(new URL('/api/v1/kyc/webhook', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'kyc-signature': signature } : {}) },
    body,
  });
}

describe('identity verification (GET /kyc/init-kyc and the sandbox vendor)', () => {
  it('refuses to start KYC before the phone is verified', async () => {
    const { client } = await signedInClient('ky');
    const response = await client.get('kyc/init-kyc');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3738, description: 'Please verify your phone number first.' });
    expect(await kycStatusOf(client)).toBe('pending');
  });

  it('answers the hosted page link, keeps it while the session is open, and moves the player to created', async () => {
    const { client, url } = await playerWithSession();
    expect(url).toMatch(/^\/sandbox\/kyc\/session\/KS[A-Za-z]+$/);
    const profile = await client.get<{ data: { kycStatus: string; kycRegistrationFlag: boolean; idComplyStatus: string } }>('user/profile');
    expect(profile.body.data).toMatchObject({ kycStatus: 'created', kycRegistrationFlag: true, idComplyStatus: 'UNFULFILLED' });
    const again = await client.get<{ data: { url: string } }>('kyc/init-kyc');
    expect(again.body.data.url).toBe(url);
  });

  it('passes the document and selfie steps with outcome approved: the webhooks move the player to complete, then 3072', async () => {
    const { client, url, sessionId } = await playerWithSession();
    const page = await openPage(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Capture document');
    expect(html).toContain('Take selfie');
    await statusBecomes(client, 'activated');
    expect((await client.get<{ data: { url: string } }>('kyc/init-kyc')).body.data.url).toBe(url);

    expect((await submit(sessionId, 'approved')).body).toEqual({ status: 'complete' });
    await statusBecomes(client, 'complete');
    expect((await webhooksOf(sessionId)).map((hook) => hook.status)).toEqual(['activated', 'processing', 'complete']);
    const profile = await client.get<{ data: { idComplyStatus: string } }>('user/profile');
    expect(profile.body.data.idComplyStatus).toBe('FULFILLED');
    const done = await client.get('kyc/init-kyc');
    expect(done.status).toBe(400);
    expect(done.body.errors?.[0]).toMatchObject({ errorCode: 3072, description: 'You are already verified' });
  });

  it('holds a processing outcome for review (3073 meanwhile), then the reviewer decides', async () => {
    const { client, url, sessionId } = await playerWithSession();
    await openPage(url);
    await statusBecomes(client, 'activated');
    await submit(sessionId, 'processing');
    await statusBecomes(client, 'processing');
    const busy = await client.get('kyc/init-kyc');
    expect(busy.body.errors?.[0]).toMatchObject({ errorCode: 3073, description: 'We are still verifying your details' });
    const reviewer = await newClient();
    expect((await reviewer.post(`/sandbox/kyc/session/${sessionId}/review`, { decision: 'approved' })).body).toEqual({
      status: 'complete',
    });
    await statusBecomes(client, 'complete');
  });

  it('lets a failed player start a new session', async () => {
    const { client, url, sessionId } = await playerWithSession();
    await openPage(url);
    await statusBecomes(client, 'activated');
    await submit(sessionId, 'failed');
    await statusBecomes(client, 'failed');
    const retry = await client.get<{ data: { url: string; kycStatus: string } }>('kyc/init-kyc');
    expect(retry.body.data.kycStatus).toBe('created');
    expect(retry.body.data.url).not.toBe(url);
    expect(await kycStatusOf(client)).toBe('created');
  });

  it('serves the seed status table and the settings, to a signed-in player only', async () => {
    const { client } = await signedInClient('ky');
    const labels = await client.get<{ data: { labels: unknown[] } }>('kyc/get-labels');
    expect(labels.body.data.labels).toEqual(KYC_LABELS);
    expect(labels.body.data.labels).toContainEqual({ status: 'complete', button: null, message: 'Your KYC has been verified.' });
    const settings = await client.get('kyc/get-kyc-setting');
    expect(settings.body.data).toMatchObject({ isKycEnabled: true, phoneVerificationRequired: true, otpLength: 6 });
    const visitor = await newClient();
    expect((await visitor.get('kyc/get-labels')).status).toBe(401);
    expect((await visitor.get('kyc/get-kyc-setting')).status).toBe(401);
    expect((await visitor.get('kyc/init-kyc')).status).toBe(401);
  });
});

describe('the KYC webhook', () => {
  it('changes nothing when forged: no signature, a wrong key, or a body changed after signing', async () => {
    const { client, sessionId } = await playerWithSession();
    const body = JSON.stringify({ id: 'KEforged', type: 'verification.status_changed', data: { sessionId, status: 'complete' } });
    const now = Math.floor(Date.now() / 1000);
    const { config } = await testServer();
    const signed = signKycWebhook(config.kycWebhookSecret, body, now);
    const tampered = body.replace('KEforged', 'KEforgeX');
    for (const [raw, signature] of [
      [body, undefined],
      [body, signKycWebhook('a-secret-that-is-not-the-vendor-s-secret-at-all', body, now)],
      [tampered, signed],
    ] as const) {
      const response = await postWebhook(raw, signature);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { errors: { errorCode: number }[] }).errors[0]?.errorCode).toBe(3740);
    }
    expect(await kycStatusOf(client)).toBe('created');
  });

  it('changes nothing when replayed: the same event again, or a signature older than the replay window', async () => {
    const { client, url, sessionId } = await playerWithSession();
    await openPage(url);
    await statusBecomes(client, 'activated');
    await submit(sessionId, 'failed');
    await statusBecomes(client, 'failed');
    const [activated] = (await webhooksOf(sessionId)).filter((hook) => hook.status === 'activated');
    // Start again: a new session, status created. The old 'activated' event, replayed as sent:
    await client.get('kyc/init-kyc');
    const replay = await postWebhook(activated!.body, activated!.signature);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { data: { duplicate: boolean } }).data.duplicate).toBe(true);
    expect(await kycStatusOf(client)).toBe('created');

    // A validly signed event of the old session, signed long ago (outside the window).
    const { config } = await testServer();
    const stale = JSON.stringify({ id: 'KEstale1', data: { sessionId, status: 'complete' } });
    const old = await postWebhook(stale, signKycWebhook(config.kycWebhookSecret, stale, Math.floor(Date.now() / 1000) - 3600));
    expect(old.status).toBe(401);
    expect(await kycStatusOf(client)).toBe('created');
  });

  it('moves only the latest session, and never moves a session backwards', async () => {
    const { client, url, sessionId } = await playerWithSession();
    await openPage(url);
    await statusBecomes(client, 'activated');
    await submit(sessionId, 'failed');
    await statusBecomes(client, 'failed');
    await client.get('kyc/init-kyc');
    const { config } = await testServer();
    const sign = (body: string) => signKycWebhook(config.kycWebhookSecret, body, Math.floor(Date.now() / 1000));
    // A fresh, validly signed event for the earlier (finished) session: ignored.
    const late = JSON.stringify({ id: 'KElate-1', data: { sessionId, status: 'complete' } });
    const answer = await postWebhook(late, sign(late));
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { applied: boolean } }).data.applied).toBe(false);
    expect(await kycStatusOf(client)).toBe('created');
  });
});
