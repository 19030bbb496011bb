import { randomUUID } from 'node:crypto';
import type { ReferralRewardRow } from '@casino/contracts/admin-referrals';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers, operatorAuditLog, outboxEvents, users } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { signedInOperator } from '../admin/test-support.js';
import { logIn, signUpBody, TEST_PASSWORD, tokenFromLatestMail, type TestCredentials } from '../auth/test-players.js';
import { balances, intentOf, packageBySlug, payWithCard, TEST_CARDS } from '../payments/payment-helpers.js';

/**
 * Referring yourself must not pay (docs/decisions/056): a friend who looks like
 * the referrer (the same mailbox, phone, card, identity, or sign-up address and device) gets the
 * referrer no reward; it is held on the back office's queue until an operator approves or rejects
 * it. A refunded or charged-back purchase of the friend takes a paid reward back.
 *
 * The test server sees every request from 127.0.0.1; a player has a device of their own when a
 * test names one (the User-Agent of the sign-up), and the Node client's otherwise.
 */
const errorOf = (response: { body: unknown }) => (response.body as { errors?: { errorCode: number; description: string }[] }).errors?.[0];
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

interface Player {
  credentials: TestCredentials;
  userId: number;
  client: TestClient;
}

/** Signs up (with a referral code and from a device, if given), verifies the e-mail and logs in. */
async function join(email: string, options: { referralCode?: string; device?: string } = {}): Promise<Player> {
  const credentials = { userName: uniqueName('rw'), email, password: TEST_PASSWORD };
  const extra = options.referralCode ? { friendsReferralCode: options.referralCode } : {};
  const signUp = await (
    await newClient()
  ).post('user/sign-up', signUpBody(credentials, extra), options.device ? { 'user-agent': options.device } : undefined);
  expect(signUp.status).toBe(200);
  const token = await tokenFromLatestMail(email.toLowerCase(), '/user/verifyEmail');
  expect((await (await newClient()).get('user/verifyEmail', { token })).status).toBe(200);
  const client = await newClient();
  const login = await logIn(client, credentials);
  expect(login.status).toBe(200);
  return { credentials, userId: Number(login.body.data?.userId), client };
}

async function referralCodeOf(player: Player): Promise<string> {
  const details = await player.client.get('referral/details');
  expect(details.status).toBe(200);
  return details.body.data?.referralCode as string;
}

/** A mailbox no other test uses. */
const mailbox = (prefix: string) => uniqueName(prefix).toLowerCase();

async function buyStarter(player: Player, card: string = TEST_CARDS.mastercard): Promise<string> {
  const paid = await payWithCard(player.client, await packageBySlug('starter-199'), card);
  expect(paid.state).toBe('SUCCEEDED');
  return paid.merchantRefNum;
}

async function rewardOf(operator: TestClient, friendId: number, status: string): Promise<ReferralRewardRow | undefined> {
  const response = await operator.get('/api/admin/referral-rewards', { status, limit: 100 });
  expect(response.status).toBe(200);
  return dataOf<{ rows: ReferralRewardRow[] }>(response).rows.find((row) => row.referredUserId === friendId);
}

/** Waits for the friend's first purchase to be judged, and answers the reward as the queue lists it. */
async function judged(operator: TestClient, friendId: number, status: 'held' | 'paid'): Promise<ReferralRewardRow> {
  await expect.poll(async () => (await rewardOf(operator, friendId, status))?.status, { timeout: 10_000 }).toBe(status);
  return (await rewardOf(operator, friendId, status))!;
}

/** Waits until the delivery of the purchase's PurchaseCredited event committed: the reward was judged in it. */
async function delivered(purchaseId: number): Promise<void> {
  const { database } = await testServer();
  const deliveredAt = async () => {
    const [row] = await database.db
      .select({ deliveredAt: outboxEvents.deliveredAt })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'PurchaseCredited'), sql`(${outboxEvents.payload}->>'intentId')::bigint = ${purchaseId}`));
    return row?.deliveredAt ?? null;
  };
  await expect.poll(deliveredAt, { timeout: 10_000 }).not.toBeNull();
}

async function auditOf(friendId: number, action: string) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(operatorAuditLog)
    .where(
      and(
        eq(operatorAuditLog.targetType, 'referral'),
        eq(operatorAuditLog.targetId, String(friendId)),
        eq(operatorAuditLog.action, action),
      ),
    );
}

async function setProfile(userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  const { database } = await testServer();
  await database.db.update(users).set(values).where(eq(users.id, userId));
}

const REWARD = { gc: 2_000_000, bsc: 1_000 };

describe('a referral reward for a friend who looks like the referrer', () => {
  it('is held, not paid, for a second account of the same mailbox (+alt) from the same address and device, and is listed for review', async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const local = mailbox('a');
    const first = await join(`${local}@players.test`);
    const second = await join(`${local}+alt@players.test`, { referralCode: await referralCodeOf(first) });
    const purchaseId = (await intentOf(await buyStarter(second))).id;

    await delivered(purchaseId);
    expect(await balances(first.userId)).toMatchObject({ gc: 0, bsc: 0 });
    const held = await judged(operator, second.userId, 'held');
    expect(held).toMatchObject({
      referrerUserId: first.userId,
      referrerUsername: first.credentials.userName,
      referredUsername: second.credentials.userName,
      status: 'held',
      holdReasons: ['same_email', 'same_device'],
      gc: 20_000,
      sc: 10,
      purchaseId,
    });
    const [hold] = await auditOf(second.userId, 'referral_reward.hold');
    expect(hold).toMatchObject({ operatorId: null, after: { referrerUserId: first.userId, holdReasons: ['same_email', 'same_device'] } });
    // The referrer's page does not count it as earned.
    expect(dataOf(await first.client.get('referral/details'))).toMatchObject({
      referredCount: 1,
      rewardedCount: 0,
      earned: { gcAmount: 0 },
    });
  });

  it.each([
    [
      'dots and case of a Gmail address',
      (local: string) => [`${local.slice(0, 3)}.${local.slice(3)}@gmail.com`, `${local.toUpperCase()}@GoogleMail.com`],
    ],
    ['a plus-tag and upper case', (local: string) => [`${local}@players.test`, `${local.toUpperCase()}+Promo@Players.Test`]],
  ])('is held for the same mailbox through %s, from another device', async (_, emails) => {
    const { client: operator } = await signedInOperator(['payments']);
    const [referrerEmail, friendEmail] = emails(mailbox('g'));
    const referrer = await join(referrerEmail!);
    const friend = await join(friendEmail!, { referralCode: await referralCodeOf(referrer), device: 'Friend phone (mail)' });
    await buyStarter(friend);
    expect((await judged(operator, friend.userId, 'held')).holdReasons).toEqual(['same_email']);
    expect(await balances(referrer.userId)).toMatchObject({ gc: 0, bsc: 0 });
  });

  it('is held for the same phone number', async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const referrer = await join(`${mailbox('ph')}@players.test`);
    const friend = await join(`${mailbox('ph')}@players.test`, {
      referralCode: await referralCodeOf(referrer),
      device: 'Friend phone (phone)',
    });
    const digits = String(Date.now()).slice(-7);
    await setProfile(referrer.userId, { phone: `555${digits}`, phoneVerified: true });
    await setProfile(friend.userId, { phone: `555-${digits.slice(0, 3)}-${digits.slice(3)}` });
    await buyStarter(friend);
    expect((await judged(operator, friend.userId, 'held')).holdReasons).toEqual(['same_phone']);
  });

  it('is held when the friend pays with a card the referrer paid with', async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const referrer = await join(`${mailbox('cd')}@players.test`);
    await buyStarter(referrer, TEST_CARDS.discover);
    const friend = await join(`${mailbox('cd')}@players.test`, {
      referralCode: await referralCodeOf(referrer),
      device: 'Friend phone (card)',
    });
    await buyStarter(friend, TEST_CARDS.discover);
    expect((await judged(operator, friend.userId, 'held')).holdReasons).toEqual(['same_card']);
  });

  it('is held for the same identity (name and date of birth), whatever the case and spaces', async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const referrer = await join(`${mailbox('id')}@players.test`);
    const friend = await join(`${mailbox('id')}@players.test`, {
      referralCode: await referralCodeOf(referrer),
      device: 'Friend phone (kyc)',
    });
    await setProfile(referrer.userId, { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', kycStatus: 'complete' });
    await setProfile(friend.userId, { firstName: ' ada ', lastName: 'LOVELACE', dateOfBirth: '1990-12-10' });
    await buyStarter(friend);
    expect((await judged(operator, friend.userId, 'held')).holdReasons).toEqual(['same_identity']);
  });

  it("is held when the friend signed up from the referrer's address and device", async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const referrer = await join(`${mailbox('dv')}@players.test`, { device: 'Shared laptop' });
    const friend = await join(`${mailbox('dv')}@players.test`, { referralCode: await referralCodeOf(referrer), device: 'Shared laptop' });
    await buyStarter(friend);
    expect((await judged(operator, friend.userId, 'held')).holdReasons).toEqual(['same_device']);
  });
});

describe('a referral reward for a genuine friend', () => {
  it('is paid on the first purchase; the same address from another device, and dots outside Gmail, are other people', async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const local = mailbox('gf');
    const referrer = await join(`${local.slice(0, 4)}.${local.slice(4)}@players.test`);
    const friend = await join(`${local}@players.test`, { referralCode: await referralCodeOf(referrer), device: 'Friend phone (genuine)' });
    await buyStarter(friend);
    const paid = await judged(operator, friend.userId, 'paid');
    expect(paid).toMatchObject({ holdReasons: [], gc: 20_000, sc: 10, decidedBy: null });
    expect(await balances(referrer.userId)).toMatchObject(REWARD);
    expect(await auditOf(friend.userId, 'referral_reward.hold')).toEqual([]);
  });
});

describe('the held referral rewards queue', () => {
  async function heldReward() {
    const { client: operator, operator: who } = await signedInOperator(['payments']);
    const local = mailbox('q');
    const referrer = await join(`${local}@players.test`);
    const friend = await join(`${local}+q@players.test`, { referralCode: await referralCodeOf(referrer), device: 'Queue phone' });
    await buyStarter(friend);
    await judged(operator, friend.userId, 'held');
    return { operator, who, referrer, friend };
  }

  it('approve pays the reward once, audited; a second approve moves nothing and a reject comes too late', async () => {
    const { operator, who, referrer, friend } = await heldReward();
    const approve = () => operator.post(`/api/admin/referral-rewards/${friend.userId}/approve`, { reason: 'Spouses, checked by phone' });
    const [first, second] = await Promise.all([approve(), approve()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([dataOf<{ replayed: boolean }>(first).replayed, dataOf<{ replayed: boolean }>(second).replayed].sort()).toEqual([false, true]);
    expect(await balances(referrer.userId)).toMatchObject(REWARD);
    const paid = await rewardOf(operator, friend.userId, 'paid');
    expect(paid).toMatchObject({
      status: 'paid',
      holdReasons: ['same_email'],
      decidedBy: who.email,
      decisionReason: 'Spouses, checked by phone',
    });
    const audit = await auditOf(friend.userId, 'referral_reward.approve');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: who.operatorId,
      before: { status: 'held' },
      after: { status: 'paid' },
      reason: 'Spouses, checked by phone',
    });

    const late = await operator.post(`/api/admin/referral-rewards/${friend.userId}/reject`, { reason: 'Changed my mind' });
    expect(late.status).toBe(409);
    expect(errorOf(late)?.errorCode).toBe(3860);
    expect(await balances(referrer.userId)).toMatchObject(REWARD);
  });

  it('reject pays nothing, audited; approve afterwards is refused; a payments role is needed to decide', async () => {
    const { operator, referrer, friend } = await heldReward();
    const { client: support } = await signedInOperator(['support']);
    expect((await support.post(`/api/admin/referral-rewards/${friend.userId}/reject`, { reason: 'Same person' })).status).toBe(403);
    const { client: compliance } = await signedInOperator(['compliance']);
    expect((await compliance.get('/api/admin/referral-rewards', { status: 'held' })).status).toBe(200);

    const rejected = await operator.post(`/api/admin/referral-rewards/${friend.userId}/reject`, { reason: 'Same person, second account' });
    expect(rejected.status).toBe(200);
    expect(dataOf(rejected)).toMatchObject({ referredUserId: friend.userId, status: 'rejected', replayed: false });
    expect(await auditOf(friend.userId, 'referral_reward.reject')).toHaveLength(1);
    const again = await operator.post(`/api/admin/referral-rewards/${friend.userId}/reject`, { reason: 'Same person, second account' });
    expect(dataOf(again)).toMatchObject({ status: 'rejected', replayed: true });
    const approve = await operator.post(`/api/admin/referral-rewards/${friend.userId}/approve`, { reason: 'Let it through' });
    expect(approve.status).toBe(409);
    expect(errorOf(approve)).toMatchObject({
      errorCode: 3860,
      description: 'This referral reward is no longer waiting for review: it was approved, rejected or taken back meanwhile.',
    });
    expect(await balances(referrer.userId)).toMatchObject({ gc: 0, bsc: 0 });
    expect(await rewardOf(operator, friend.userId, 'rejected')).toMatchObject({ status: 'rejected' });
    expect(await auditOf(friend.userId, 'referral_reward.approve')).toEqual([]);
  });

  it('pages oldest first by a cursor, so a row decided meanwhile does not make the next page skip one', async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const local = mailbox('pg');
    const referrer = await join(`${local}@players.test`);
    const code = await referralCodeOf(referrer);
    for (const tag of ['one', 'two', 'three']) {
      const friend = await join(`${local}+${tag}@players.test`, { referralCode: code, device: `Paging phone ${tag}` });
      await buyStarter(friend);
      await judged(operator, friend.userId, 'held');
    }
    const list = async (query: Record<string, string | number>) => {
      const response = await operator.get('/api/admin/referral-rewards', { status: 'held', ...query });
      expect(response.status).toBe(200);
      return dataOf<{ rows: ReferralRewardRow[]; nextCursor: string | null }>(response);
    };
    const everything = (await list({ limit: 100 })).rows;
    expect(everything.length).toBeGreaterThanOrEqual(3);
    const times = everything.map((row) => row.statusAt);
    expect([...times].sort()).toEqual(times);

    const first = await list({ limit: 2 });
    expect(first.rows.map((row) => row.referredUserId)).toEqual(everything.slice(0, 2).map((row) => row.referredUserId));
    // The first row is decided while the operator reads page one.
    const decided = await operator.post(`/api/admin/referral-rewards/${first.rows[0]!.referredUserId}/reject`, {
      reason: 'Decided meanwhile',
    });
    expect(decided.status).toBe(200);
    const second = await list({ limit: 2, after: first.nextCursor! });
    expect(second.rows.map((row) => row.referredUserId)).toEqual(everything.slice(2, 4).map((row) => row.referredUserId));

    expect((await operator.get('/api/admin/referral-rewards', { status: 'held', after: 'not-a-cursor' })).status).toBe(400);
  });
});

describe("a refund or chargeback of the friend's purchase", () => {
  async function paidReward() {
    const { client: operator } = await signedInOperator(['payments']);
    const referrer = await join(`${mailbox('cb')}@players.test`);
    const friend = await join(`${mailbox('cb')}@players.test`, {
      referralCode: await referralCodeOf(referrer),
      device: 'Chargeback phone',
    });
    const merchantRefNum = await buyStarter(friend);
    await judged(operator, friend.userId, 'paid');
    return { operator, referrer, friend, purchaseId: (await intentOf(merchantRefNum)).id };
  }

  const reverse = (operator: TestClient, purchaseId: number, kind: 'refund' | 'chargeback') =>
    operator.post(`/api/admin/purchases/${purchaseId}/reversal`, { kind, reason: `Processor ${kind} notice ${randomUUID().slice(0, 8)}` });

  it("takes the referrer's reward back with the purchase's coins, once", async () => {
    const { operator, referrer, friend, purchaseId } = await paidReward();
    const friendBefore = await balances(friend.userId);
    const { database } = await testServer();
    const [credit] = await database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `purchase:${purchaseId}`));
    expect(credit!.gcAmount).toBeGreaterThan(0);

    const first = await reverse(operator, purchaseId, 'chargeback');
    expect(first.status).toBe(200);
    expect(dataOf(first)).toMatchObject({ purchaseId, status: 10, replayed: false, notTakenBack: { gc: 0, sc: 0 } });
    await expect.poll(async () => (await rewardOf(operator, friend.userId, 'reversed'))?.status, { timeout: 10_000 }).toBe('reversed');
    expect(await balances(referrer.userId)).toMatchObject({ gc: 0, bsc: 0 });
    // The friend's purchased coins go back too.
    expect(await balances(friend.userId)).toEqual({
      ...friendBefore,
      gc: friendBefore.gc - credit!.gcAmount,
      psc: friendBefore.psc - credit!.scAmount,
    });
    expect(await rewardOf(operator, friend.userId, 'reversed')).toMatchObject({
      reversalKind: 'chargeback',
      takenBack: { gc: 20_000, sc: 10 },
      notTakenBack: { gc: 0, sc: 0 },
    });

    const again = await reverse(operator, purchaseId, 'chargeback');
    expect(again.status).toBe(200);
    expect(dataOf(again)).toMatchObject({ purchaseId, status: 10, replayed: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balances(referrer.userId)).toMatchObject({ gc: 0, bsc: 0 });
    const purchases = dataOf<{ rows: { purchaseId: number; status: number }[] }>(
      await operator.get('/api/admin/purchases', { userId: friend.userId }),
    );
    expect(purchases.rows.find((row) => row.purchaseId === purchaseId)?.status).toBe(10);
  });

  it('never takes the referrer below zero: what they played already is recorded as not taken back, for an operator', async () => {
    const { operator, referrer, friend, purchaseId } = await paidReward();
    // The referrer played 15,000 of the 20,000 GC (an operator's debit stands in for the bets).
    const spent = await operator.post(`/api/admin/players/${referrer.userId}/adjustments`, {
      account: 'GC',
      amount: -15_000,
      reason: 'Stands in for bets',
      idempotencyKey: randomUUID(),
    });
    expect(spent.status).toBe(200);
    expect((await reverse(operator, purchaseId, 'refund')).status).toBe(200);
    await expect.poll(async () => (await rewardOf(operator, friend.userId, 'reversed'))?.status, { timeout: 10_000 }).toBe('reversed');
    expect(await balances(referrer.userId)).toMatchObject({ gc: 0, bsc: 0 });
    expect(await rewardOf(operator, friend.userId, 'reversed')).toMatchObject({
      reversalKind: 'refund',
      takenBack: { gc: 5_000, sc: 10 },
      notTakenBack: { gc: 15_000, sc: 0 },
    });
    const [reversal] = await auditOf(friend.userId, 'referral_reward.reverse');
    expect(reversal).toMatchObject({
      operatorId: null,
      after: { status: 'reversed', reversalKind: 'refund', takenBack: { gc: 5_000, sc: 10 }, notTakenBack: { gc: 15_000, sc: 0 } },
    });
  });

  it('turns a held reward into a reversed one that can no longer be approved; only a paid purchase can be reversed', async () => {
    const { client: operator } = await signedInOperator(['payments']);
    const local = mailbox('hr');
    const referrer = await join(`${local}@players.test`);
    const friend = await join(`${local}+x@players.test`, { referralCode: await referralCodeOf(referrer), device: 'Held phone' });
    const purchaseId = (await intentOf(await buyStarter(friend))).id;
    await judged(operator, friend.userId, 'held');
    expect((await reverse(operator, purchaseId, 'refund')).status).toBe(200);
    await expect.poll(async () => (await rewardOf(operator, friend.userId, 'reversed'))?.status, { timeout: 10_000 }).toBe('reversed');
    const approve = await operator.post(`/api/admin/referral-rewards/${friend.userId}/approve`, { reason: 'Too late now' });
    expect(errorOf(approve)?.errorCode).toBe(3860);
    expect(await balances(referrer.userId)).toMatchObject({ gc: 0, bsc: 0 });

    const declined = await payWithCard(friend.client, await packageBySlug('starter-199'), TEST_CARDS.declined);
    const refused = await reverse(operator, (await intentOf(declined.merchantRefNum)).id, 'refund');
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ errorCode: 3861, description: 'Only a paid purchase can be refunded or charged back.' });
  });
});
