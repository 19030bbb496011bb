import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, playerMailQueue, users } from '../../db/schema/index.js';
import { signedInPlayer as walletPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { signedInClient } from '../../test/signed-in.js';
import {
  logIn,
  mailsTo,
  registerVerifiedPlayer,
  signedInPlayer,
  TEST_PASSWORD,
  tokenFromLatestMail,
  type OutboxMail,
} from '../auth/test-players.js';
import { packageBySlug, payWithCard, TEST_CARDS } from '../payments/payment-helpers.js';
import { deliverWebhook, linkBank, redeemingPlayer, redemptionOf, standaloneRedeem } from '../redeem/redeem-helpers.js';
import { verifyPhone } from '../kyc/test-phones.js';
import { PASSWORD, playerWithPassword, setting } from '../responsible-play/test-support.js';

// The shared server starts (and migrates its database) once, within the hooks' time limit.
beforeAll(async () => {
  await testServer();
});

/** The mail the outbox sends after the action's commit: waits for it in the sandbox mailer. */
async function mailArrives(to: string, subject: string): Promise<OutboxMail> {
  for (let i = 0; i < 100; i += 1) {
    const found = (await mailsTo(to)).find((mail) => mail.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" arrived for ${to}; it has: ${(await mailsTo(to)).map((mail) => mail.subject).join(', ')}`);
}

async function emailOf(userId: number): Promise<string> {
  const { database } = await testServer();
  const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

/** What no mail may carry: a card number (13 to 19 digits, spaced or not) or a link token. */
function expectNoSecrets(mail: OutboxMail): void {
  for (const part of [mail.text, mail.html]) {
    expect(part).not.toMatch(/(?:\d[ -]?){13,19}/);
    expect(part).not.toMatch(/token/i);
  }
}

describe('the purchase receipt', () => {
  it('is mailed once the coins are credited: package, GC and SC credited, amount paid, date and order', async () => {
    const { client, userId } = await walletPlayer();
    const email = await emailOf(userId);
    const result = await payWithCard(client, await packageBySlug('gold-1999'), TEST_CARDS.visa);
    expect(result.state).toBe('SUCCEEDED');
    const mail = await mailArrives(email, 'Your receipt: Gold Package');
    expect(mail.to).toBe(email);
    // A first purchase is credited doubled (the seeded first-purchase bonus): 40,000 GC and 41 SC.
    expect(mail.text).toContain('Order: ' + result.merchantRefNum);
    expect(mail.text).toContain('Package: Gold Package');
    expect(mail.text).toContain('Gold Coins: 40,000 GC');
    expect(mail.text).toContain('Sweepstakes Coins (free): 41.00 SC');
    expect(mail.text).toContain('Amount paid: $19.99');
    expect(mail.text).toMatch(/Date: \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M UTC/);
    expect(mail.html).toContain('Amount paid');
    expect(mail.html).toContain('$19.99');
    expectNoSecrets(mail);
  });

  it('is not mailed for a declined card', async () => {
    const { client, userId } = await walletPlayer();
    const email = await emailOf(userId);
    const result = await payWithCard(client, await packageBySlug('silver-999'), TEST_CARDS.declined);
    expect(result.state).toBe('FAILED');
    const paid = await payWithCard(client, await packageBySlug('starter-199'), TEST_CARDS.visa);
    expect(paid.state).toBe('SUCCEEDED');
    await mailArrives(email, 'Your receipt: Starter Package');
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(['Your receipt: Starter Package']);
  });
});

describe('the redemption mails', () => {
  it('tells of a request with its SC and dollars', async () => {
    const player = await redeemingPlayer(200_00);
    const email = await emailOf(player.userId);
    await linkBank(player.client);
    const requested = await player.client.post('payment/paynote', { amount: 75.5, providerType: 'PAYNOTE', paymentType: 'redeem' });
    expect(requested.status).toBe(200);
    const mail = await mailArrives(email, 'We received your redemption request');
    expect(mail.text).toContain('Sweepstakes Coins: 75.50 SC');
    expect(mail.text).toContain('You will receive: $75.50');
    expect(mail.text).toContain('Paid to: Bank account');
    expectNoSecrets(mail);
  });

  it('tells of a payout paid', async () => {
    const { service, sandbox } = await standaloneRedeem();
    const player = await redeemingPlayer(300_00);
    const email = await emailOf(player.userId);
    await linkBank(player.client);
    const { withdrawRequestId: id } = await service.request(player.userId, { amount: 100, destination: { type: 'BANK' } });
    await service.submitDue(new Date(Date.now() + 1000));
    const sent = await redemptionOf(id!);
    await sandbox.settle(sent.payoutId!);
    expect((await deliverWebhook(player.client, sandbox, sent.payoutId!)).status).toBe(200);
    const mail = await mailArrives(email, 'Your redemption has been paid');
    expect(mail.text).toContain(`Request: #${id}`);
    expect(mail.text).toContain('Amount paid: $100.00');
    expectNoSecrets(mail);
  });

  it('tells of a failed payout and that the SC are back', async () => {
    const { service, sandbox } = await standaloneRedeem();
    const player = await redeemingPlayer(100_00);
    const email = await emailOf(player.userId);
    await linkBank(player.client, { accountId: 'closed' });
    const { withdrawRequestId: id } = await service.request(player.userId, { amount: 60, destination: { type: 'BANK' } });
    await service.submitDue(new Date(Date.now() + 1000));
    const sent = await redemptionOf(id!);
    await sandbox.settle(sent.payoutId!);
    await deliverWebhook(player.client, sandbox, sent.payoutId!);
    const mail = await mailArrives(email, 'Your redemption could not be paid');
    expect(mail.text).toContain('The bank account it was sent to is closed. Your 60.00 SC are back in your redeemable balance.');
    expect(mail.text).not.toContain('ACCOUNT_CLOSED');
    expect((await mailsTo(email)).map((one) => one.subject)).not.toContain('Your redemption has been paid');
  });
});

describe('the password-changed mail', () => {
  it('is mailed after a change on the account page', async () => {
    const player = await signedInPlayer('pwc');
    const changed = await player.client.put('user/changePassword', {
      oldPassword: encodeBase64Utf8(TEST_PASSWORD),
      newPassword: encodeBase64Utf8('Another&Win2026!'),
    });
    expect(changed.status).toBe(200);
    const mail = await mailArrives(player.credentials.email, 'Your password was changed');
    expect(mail.text).toContain('changed from your account page');
    expectNoSecrets(mail);
  });

  it('is mailed after a reset through the mailed link', async () => {
    const credentials = await registerVerifiedPlayer('pwl');
    expect((await (await newClient()).post('user/forgetPassword', { email: credentials.email })).status).toBe(200);
    const token = await tokenFromLatestMail(credentials.email, '/user/forgotPassword');
    const reset = await (
      await newClient()
    ).post('user/verifyForgetPassword', {
      newPasswordKey: token,
      password: encodeBase64Utf8('Fresh$Start2026'),
    });
    expect(reset.status).toBe(200);
    const mail = await mailArrives(credentials.email, 'Your password was changed');
    expect(mail.text).toContain('was reset with a link sent to this address');
    expect(mail.text).toContain('Every device was signed out.');
    expectNoSecrets(mail);
  });

  it('is not mailed when the change fails and rolls back after its event was written', async () => {
    const player = await signedInPlayer('pwr');
    const { owner } = await testServer();
    // The change writes the password and its event, then rotates the session: refuse the rotation
    // for this player only, so the whole transaction, event included, rolls back.
    await owner.withConnection(async (run) => {
      await run(`create or replace function refuse_rotation_${player.userId}() returns trigger language plpgsql as $$
        begin raise exception 'rotation refused for the test'; end $$`);
      await run(`create trigger refuse_rotation_${player.userId} before update on sessions for each row
        when (old.user_id = ${player.userId}) execute function refuse_rotation_${player.userId}()`);
    });
    const newPassword = encodeBase64Utf8('Another&Win2026!');
    try {
      const failed = await player.client.put('user/changePassword', { oldPassword: encodeBase64Utf8(TEST_PASSWORD), newPassword });
      expect(failed.status).toBe(500);
    } finally {
      await owner.withConnection(async (run) => {
        await run(`drop trigger refuse_rotation_${player.userId} on sessions; drop function refuse_rotation_${player.userId}()`);
      });
    }
    const { database } = await testServer();
    // Nothing of the action stayed: no event, no queued mail, and the old password still works.
    const events = await database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.userId, player.userId), eq(outboxEvents.type, 'PasswordChanged')));
    expect(events).toEqual([]);
    expect(await database.db.select().from(playerMailQueue).where(eq(playerMailQueue.userId, player.userId))).toEqual([]);
    expect((await logIn(await newClient(), player.credentials)).status).toBe(200);
    // The same action that commits is mailed; the sweep finds nothing left of the failed one.
    const changed = await player.client.put('user/changePassword', { oldPassword: encodeBase64Utf8(TEST_PASSWORD), newPassword });
    expect(changed.status).toBe(200);
    await mailArrives(player.credentials.email, 'Your password was changed');
    const subjects = (await mailsTo(player.credentials.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === 'Your password was changed')).toHaveLength(1);
  });
});

describe('the KYC mails', () => {
  /** The identity vendor's sandbox: a player starts a session and submits it with this outcome. */
  async function verifyIdentity(outcome: 'approved' | 'failed'): Promise<string> {
    const player = await signedInClient('kym');
    await verifyPhone(player.client);
    const init = await player.client.get<{ data: { url: string } }>('kyc/init-kyc');
    expect(init.status).toBe(200);
    const { baseUrl } = await testServer();
    expect((await fetch(new URL(init.body.data.url, baseUrl))).status).toBe(200);
    const sessionId = init.body.data.url.split('/').pop()!;
    for (let i = 0; i < 100; i += 1) {
      const profile = await player.client.get<{ data: { kycStatus: string } }>('user/profile');
      if (profile.body.data.kycStatus === 'activated') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const submitted = await (
      await newClient()
    ).post(`/sandbox/kyc/session/${sessionId}/submit`, { documentType: 'DRIVERS_LICENSE', outcome });
    expect(submitted.status).toBe(200);
    return emailOf(player.userId);
  }

  it('tells of an approved verification', async () => {
    const email = await verifyIdentity('approved');
    const mail = await mailArrives(email, 'Your identity is verified');
    expect(mail.text).toContain('you can now redeem the Sweepstakes Coins you win');
    // Only the decision is mailed, not the vendor's steps before it.
    expect((await mailsTo(email)).map((one) => one.subject)).toEqual(['Your identity is verified']);
  });

  it('tells of a failed verification', async () => {
    const email = await verifyIdentity('failed');
    const mail = await mailArrives(email, 'We could not verify your identity');
    expect(mail.text).toContain('You can start a new verification from the Verification tab');
  });
});

describe('the responsible-play confirmations', () => {
  it('confirms a time break with its end', async () => {
    const player = await playerWithPassword();
    expect((await setting(player.client, { timeBreakDays: 7 })).status).toBe(200);
    const mail = await mailArrives(player.email, 'Your time break has started');
    expect(mail.text).toMatch(/Ends: \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M UTC/);
    expect(mail.text).toContain('1-800-GAMBLER');
  });

  it('confirms a self-exclusion to the excluded player, though marketing no longer reaches them', async () => {
    const player = await playerWithPassword();
    const { database } = await testServer();
    await database.db.update(users).set({ marketingConsent: true }).where(eq(users.id, player.userId));
    expect((await setting(player.client, { selfExclusion: 'yes', selfExclusionPeriod: 'INDEFINITE', password: PASSWORD })).status).toBe(
      200,
    );
    const mail = await mailArrives(player.email, 'Your self-exclusion is in place');
    expect(mail.text).toContain('Ends: Never (permanent)');
    expect(mail.text).toContain('We will not send you offers or promotions.');
  });
});

describe('the new-device sign-in mail', () => {
  it('is mailed for a browser the account has not used, not for the first nor a known one', async () => {
    const credentials = await registerVerifiedPlayer('dev');
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const first = await newClient();
    expect((await logIn(first, credentials)).status).toBe(200);
    expect(first.cookie('casino_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same browser again: known.
    expect((await logIn(first, credentials)).status).toBe(200);
    const second = await newClient();
    const signedIn = await second.post(
      'user/login',
      { email: credentials.email, password: encodeBase64Utf8(credentials.password) },
      { 'user-agent': firefox },
    );
    expect(signedIn.status).toBe(200);
    const mail = await mailArrives(credentials.email, 'New sign-in to your account');
    expect(mail.text).toContain('Browser: Firefox on Linux');
    // Browser and system only: not the address the sign-in came from (the links aside, which name the site).
    const { config } = await testServer();
    expect(mail.text.replaceAll(config.publicUrl, '')).not.toContain('127.0.0.1');
    expectNoSecrets(mail);
    // Once per browser: the second browser signing in again sends nothing more.
    await second.post(
      'user/login',
      { email: credentials.email, password: encodeBase64Utf8(credentials.password) },
      { 'user-agent': firefox },
    );
    const subjects = (await mailsTo(credentials.email)).map((one) => one.subject);
    expect(subjects.filter((subject) => subject === 'New sign-in to your account')).toHaveLength(1);
  });

  it('names a browser it cannot recognise "An unknown browser", and still mails', async () => {
    const credentials = await registerVerifiedPlayer('devx');
    expect((await logIn(await newClient(), credentials)).status).toBe(200);
    const script = await newClient();
    const signedIn = await script.post(
      'user/login',
      { email: credentials.email, password: encodeBase64Utf8(credentials.password) },
      { 'user-agent': 'curl/8.5.0' },
    );
    expect(signedIn.status).toBe(200);
    const mail = await mailArrives(credentials.email, 'New sign-in to your account');
    expect(mail.text).toContain('Browser: An unknown browser');
  });
});
