import { walletEvents } from '@casino/contracts/wallet';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import type { OutgoingMail } from '../../providers/mail/mailer.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer } from '../../test/signed-in.js';
import { logIn, TEST_PASSWORD } from '../auth/test-players.js';
import { packageBySlug } from '../payments/payment-helpers.js';
import { sendMarketingMail } from './send-marketing-mail.js';
import { bet, newSession, playerWithPassword, setting } from './test-support.js';

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function walletSocket(cookie: string): Promise<Socket> {
  const { baseUrl } = await testServer();
  const socket = connect(`${baseUrl}/wallet`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { origin: baseUrl, cookie },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once(walletEvents.balance, () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; description: string; details?: { until: string | null } }[] }).errors?.[0];

describe('self-exclusion', () => {
  it("ends the player's open socket and every session at once, and refuses login with until when", async () => {
    const player = await playerWithPassword();
    const second = await newSession(player.userId);
    const socket = await walletSocket(second.cookie);
    const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const excluded = await setting(player.client, { selfExclusion: 'yes', selfExclusionPeriod: 'SIX_MONTHS' });
    expect(excluded.status).toBe(200);
    expect(excluded.body.data).toMatchObject({ isUpdated: true, selfExcluded: true, timebreak: false });
    expect((excluded.body.data as { message: string }).message).toMatch(
      /^You have self-excluded until \d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM) UTC\. You have been logged out\.$/,
    );

    expect(await ended).toBe('io server disconnect');
    // The answer takes back the cookie of the session it ended: this browser's later requests are
    // a visitor's, not a 3082 'no longer valid' that would send the player to log in again.
    expect(player.client.cookie('casino_session')).toBeUndefined();
    const after = await player.client.get('user/profile');
    expect(after.status).toBe(401);
    expect(errorOf(after)?.errorCode).toBe(3002);
    expect((await second.client.get('user/profile')).status).toBe(401);

    const login = await logIn(await newClient(), { email: player.email, password: TEST_PASSWORD });
    expect(errorOf(login)?.errorCode).toBe(3750);
    expect(errorOf(login)?.description).toMatch(/^You have self-excluded until \d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM) UTC\.$/);
    const until = new Date(errorOf(login)!.details!.until!);
    const inSixMonths = new Date();
    inSixMonths.setUTCMonth(inSixMonths.getUTCMonth() + 6);
    expect(Math.abs(until.getTime() - inSixMonths.getTime())).toBeLessThan(60_000);
  });

  it('refuses bets, purchases and bonus claims on the server meanwhile (a session made around login too)', async () => {
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { sc: 1_000, gc: 1_000 });
    expect((await setting(player.client, { selfExclusion: 'yes', selfExclusionPeriod: 'INDEFINITE' })).status).toBe(200);
    // A session that exists anyway (made straight in the database, as a racing login could).
    const { client } = await newSession(player.userId);

    for (const coin of ['SC', 'GC'] as const) {
      const refused = await bet(player.userId, 0.1, coin);
      expect(refused.response.body.errors?.[0]).toMatchObject({ errorCode: 3750, description: 'You have self-excluded indefinitely.' });
    }
    const pkg = await packageBySlug('silver-999');
    const purchase = await client.post('payment/init-pay', {
      amount: 9.99,
      packageId: pkg.id,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(errorOf(purchase)?.errorCode).toBe(3750);
    const bonus = await client.post('bonus/daily-bonus');
    expect(errorOf(bonus)?.errorCode).toBe(3750);
  });

  it('cannot be shortened: a shorter time break later leaves the exclusion in force', async () => {
    const player = await playerWithPassword();
    expect((await setting(player.client, { selfExclusion: 'yes', selfExclusionPeriod: 'ONE_YEAR' })).status).toBe(200);
    const { client } = await newSession(player.userId);
    expect((await setting(client, { timeBreakDays: 1 })).status).toBe(200);
    const login = await logIn(await newClient(), { email: player.email, password: TEST_PASSWORD });
    expect(errorOf(login)?.description).toMatch(/^You have self-excluded until /);
  });
});

describe('time break', () => {
  it('logs the player out and refuses login until it ends', async () => {
    const player = await playerWithPassword();
    const taken = await setting(player.client, { timeBreakDays: 3 });
    expect(taken.body.data).toMatchObject({ isUpdated: true, timebreak: true, selfExcluded: false });
    expect(player.client.cookie('casino_session')).toBeUndefined();
    expect((await player.client.get('user/profile')).status).toBe(401);
    const login = await logIn(await newClient(), { email: player.email, password: TEST_PASSWORD });
    expect(errorOf(login)?.description).toMatch(/^You are on a time break until \d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM) UTC\.$/);
    const until = new Date(errorOf(login)!.details!.until!).getTime();
    expect(Math.abs(until - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
  });

  it('refuses a length the product does not offer', async () => {
    const player = await playerWithPassword();
    const odd = await setting(player.client, { timeBreakDays: 2 });
    expect(odd.status).toBe(400);
    expect(JSON.stringify(odd.body)).toContain('A time break is 1, 3, 7, 14 or 30 days.');
    expect((await player.client.get('user/profile')).status).toBe(200);
  });
});

describe('marketing e-mail', () => {
  it('reaches a consenting player, and not during a time break or self-exclusion', async () => {
    const { database } = await testServer();
    const sent: OutgoingMail[] = [];
    const mailer = { kind: 'sandbox' as const, send: async (mail: OutgoingMail) => void sent.push(mail) };
    const player = await playerWithPassword();
    const mail = { subject: 'Weekend offer', text: 'Offer', html: '<p>Offer</p>' };
    expect(await sendMarketingMail({ db: database.db, mailer }, player.userId, mail)).toBe('no-consent');
    await database.db.update(users).set({ marketingConsent: true }).where(eq(users.id, player.userId));
    expect(await sendMarketingMail({ db: database.db, mailer }, player.userId, mail)).toBe('sent');
    expect((await setting(player.client, { timeBreakDays: 1 })).status).toBe(200);
    expect(await sendMarketingMail({ db: database.db, mailer }, player.userId, mail)).toBe('excluded');
    expect(sent.map((m) => m.to)).toEqual([player.email]);
  });
});
