import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adConversionEvents, users } from '../../db/schema/index.js';
import { createSandboxConversionApi } from '../../providers/ad-conversions/conversion-api.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { initPay, packageBySlug, payWithCard, TEST_CARDS } from '../payments/payment-helpers.js';
import { createAdConversionsService } from './service.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function rowsOf(userId: number) {
  const { database } = await testServer();
  return database.db.select().from(adConversionEvents).where(eq(adConversionEvents.userId, userId));
}

/** The forwarding job's work, run now (the shared server's job also runs it every few seconds). */
async function forward(): Promise<void> {
  const { database } = await testServer();
  await createAdConversionsService(database.db, [createSandboxConversionApi('meta'), createSandboxConversionApi('reddit')]).forwardPending(
    1000,
  );
}

async function waitForRows(userId: number, count: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const rows = await rowsOf(userId);
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${count} conversion rows for player ${userId}`);
}

describe('ad conversions', () => {
  it('records a credited purchase as purchase and deposit for Meta and Reddit, e-mail hashed, amount in USD, with the click ids', async () => {
    const { client, userId } = await signedInPlayer();
    client.setCookie('_fbc', 'fb.1.1763900000000.AbCdEf');
    client.setCookie('rdt_cid', 'rdt-click-123');
    const { database } = await testServer();
    const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const result = await payWithCard(client, await packageBySlug('silver-999'), TEST_CARDS.visa);
    expect(result.state).toBe('SUCCEEDED');

    const rows = await waitForRows(userId, 4);
    expect(rows.map((row) => `${row.provider}:${row.eventName}`).sort()).toEqual([
      'meta:deposit',
      'meta:purchase',
      'reddit:deposit',
      'reddit:purchase',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        eventId: result.merchantRefNum,
        amount: 999,
        currency: 'USD',
        emailSha256: sha256(user!.email),
        source: 'server',
      });
    }
    expect(rows.find((row) => row.provider === 'meta')!.clickId).toBe('fb.1.1763900000000.AbCdEf');
    expect(rows.find((row) => row.provider === 'reddit')!.clickId).toBe('rdt-click-123');
    expect(JSON.stringify(rows)).not.toContain(user!.email);

    // The client's report of the same purchase is the same event.
    const reported = await client.post('user/meta-capi', {
      eventName: 'purchase',
      eventId: result.merchantRefNum,
      amount: 9.99,
      currency: 'USD',
    });
    expect(reported.status).toBe(200);
    expect(await rowsOf(userId)).toHaveLength(4);

    await forward();
    const sent = (await rowsOf(userId)).find((row) => row.provider === 'meta' && row.eventName === 'purchase')!;
    expect(sent.status).toBe('sent');
    expect(sent.payload).toMatchObject({
      data: [
        {
          event_name: 'Purchase',
          event_id: result.merchantRefNum,
          user_data: { em: [sha256(user!.email)], fbc: 'fb.1.1763900000000.AbCdEf' },
          custom_data: { value: 9.99, currency: 'USD' },
        },
      ],
    });
    const reddit = (await rowsOf(userId)).find((row) => row.provider === 'reddit' && row.eventName === 'deposit')!;
    expect(reddit.payload).toMatchObject({
      data: {
        events: [
          {
            action_source: 'WEBSITE',
            type: { tracking_type: 'CUSTOM', custom_event_name: 'Deposit' },
            click_id: 'rdt-click-123',
            metadata: { conversion_id: result.merchantRefNum, value: 9.99, currency: 'USD' },
          },
        ],
      },
    });
  });

  it('records nothing for a declined payment, and refuses a client purchase event for a purchase that was not paid', async () => {
    const { client, userId } = await signedInPlayer();
    const declined = await payWithCard(client, await packageBySlug('silver-999'), TEST_CARDS.declined);
    const refused = await client.post('user/reddit-capi', { eventName: 'purchase', eventId: declined.merchantRefNum, amount: 9.99 });
    expect(refused.body.errors?.[0]?.errorCode).toBe(3602);
    const pending = await initPay(client, await packageBySlug('silver-999'));
    expect((await client.post('user/meta-capi', { eventName: 'deposit', eventId: pending })).body.errors?.[0]?.errorCode).toBe(3602);
    expect(await rowsOf(userId)).toEqual([]);
    expect((await (await newClient()).post('user/meta-capi', { eventName: 'purchase', eventId: pending })).status).toBe(401);
  });

  it('accepts a registration event from the sign-up page with the e-mail hashed, never stored', async () => {
    const client = await newClient();
    const email = `Reg.${Date.now()}@Players.test`;
    const response = await client.post('user/reddit-capi', { eventName: 'registration', email });
    expect(response.status).toBe(200);
    const { database } = await testServer();
    const rows = await database.db
      .select()
      .from(adConversionEvents)
      .where(eq(adConversionEvents.emailSha256, sha256(email.toLowerCase())));
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'reddit', eventName: 'registration', amount: null, currency: 'USD', source: 'client' }),
    ]);
    const all = await database.db.select().from(adConversionEvents);
    expect(JSON.stringify(all).toLowerCase()).not.toContain(email.toLowerCase());
  });
});
