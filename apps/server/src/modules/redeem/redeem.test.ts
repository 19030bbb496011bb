import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankFundingSources, playerRestrictions, redemptionFlags, users } from '../../db/schema/index.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer } from '../../test/signed-in.js';
import {
  balancesOf,
  deliverWebhook,
  eventsOf,
  linkBank,
  linkInWidget,
  redeemingPlayer,
  redemptionOf,
  standaloneRedeem,
} from './redeem-helpers.js';

type RedeemData = { success: boolean; withdrawRequestId: number | null; status: number | null; limitCheck: { remaining: number } };

describe("bank accounts (the payout provider's bank-link widget)", () => {
  it('links an account: only the provider reference and the last digits are kept, the first one is Active', async () => {
    const player = await redeemingPlayer(0);
    const first = await linkBank(player.client, { accountId: 'checking' });
    const second = await linkBank(player.client, { bankId: 'credit-union', accountId: 'savings' });
    const list = await player.client.get('payment/get-funding-source');
    expect((list.body.data as { list: unknown[] }).list).toEqual([
      { source_id: first, user_id: player.userId, bank: 'Sandbox National Bank', lbacc: '1234', is_primary: true },
      { source_id: second, user_id: player.userId, bank: 'Sandbox Credit Union', lbacc: '5678', is_primary: false },
    ]);
    const { database } = await testServer();
    const rows = await database.db
      .select()
      .from(bankFundingSources)
      .where(eq(bankFundingSources.userId, player.userId))
      .orderBy(bankFundingSources.id);
    // What is kept: the provider's opaque signed reference, the bank's name and the last four digits; nothing else that reads as
    // an account (the reference's signature is random base64url, so it is matched by shape, not searched for digits).
    expect(rows.map((row) => [row.provider, row.bank, row.lastDigits])).toEqual([
      ['PAYNOTE', 'Sandbox National Bank', '1234'],
      ['PAYNOTE', 'Sandbox Credit Union', '5678'],
    ]);
    for (const row of rows) expect(row.providerReference).toMatch(/^pn_acct_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);

    const switched = await player.client.post('payment/update-funding-source', { userId: player.userId, sourceId: second });
    expect(switched.status).toBe(200);
    const after = (await player.client.get('payment/get-funding-source')).body.data as {
      list: { source_id: number; is_primary: boolean }[];
    };
    expect(after.list.map((source) => [source.source_id, source.is_primary])).toEqual([
      [first, false],
      [second, true],
    ]);
  });

  it('refuses the failing bank and wrong credentials in the widget', async () => {
    const player = await redeemingPlayer(0);
    const linkUrl = ((await player.client.get('payment/get-funding-source')).body.data as { finixData: { linkUrl: string } }).finixData
      .linkUrl;
    const customerId = new URL(linkUrl, 'http://x').searchParams.get('customer');
    const failing = await player.client.request<{ message: string }>('POST', '/sandbox/paynote/v1/sessions', {
      body: { customerId, bankId: 'failing', username: 'user_good', password: 'pass_good' },
    });
    expect(failing.status).toBe(422);
    expect(failing.body.message).toBe('This bank is not responding right now. Please choose another bank.');
    const wrong = await player.client.request<{ message: string }>('POST', '/sandbox/paynote/v1/sessions', {
      body: { customerId, bankId: 'national', username: 'user_good', password: 'nope' },
    });
    expect(wrong.body.message).toBe('The username or password is incorrect.');
  });

  it("refuses a forged reference or another player's account with the seed's failure text, and another player's source", async () => {
    const owner = await redeemingPlayer(0);
    const other = await redeemingPlayer(0);
    const reference = await linkInWidget(owner.client);
    const stolen = await other.client.put('payment/bank-details', { accountReference: reference });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors?.[0]).toMatchObject({
      errorCode: 3708,
      description: 'Oops! Something went wrong while saving your bank details. Please try again.',
    });
    const forged = await other.client.put('payment/bank-details', { accountReference: 'pn_acct_e30.AAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged.body.errors?.[0]?.errorCode).toBe(3708);
    const ownerSource = await linkBank(owner.client);
    const takeOver = await other.client.post('payment/update-funding-source', { sourceId: ownerSource });
    expect(takeOver.body.errors?.[0]?.errorCode).toBe(3709);
    const asOwner = await other.client.post('payment/update-funding-source', { userId: owner.userId, sourceId: ownerSource });
    expect(asOwner.body.errors?.[0]?.errorCode).toBe(3709);
    expect((await other.client.get('payment/get-funding-source')).body.data).toMatchObject({ list: [] });
  });
});

describe('redeem rules, checked on the server', () => {
  it('refuses a player whose KYC is not approved or complete, and moves nothing', async () => {
    const player = await redeemingPlayer(100_00, { kycStatus: 'pending' });
    await linkBank(player.client);
    const response = await player.client.post('payment/paynote', { amount: 60, providerType: 'PAYNOTE', paymentType: 'redeem' });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3700, description: 'Your KYC verification is pending' });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 100_00, pending: 0 });

    const { database } = await testServer();
    await database.db.update(users).set({ kycStatus: 'complete' }).where(eq(users.id, player.userId));
    expect((await player.client.post('payment/paynote', { amount: 60 })).status).toBe(200);
  });

  it('refuses a restricted player with 3079', async () => {
    const player = await redeemingPlayer(100_00);
    await linkBank(player.client);
    const { database } = await testServer();
    await database.db.insert(playerRestrictions).values({ userId: player.userId, action: 'redeem', reason: 'test' });
    const response = await player.client.post('payment/paynote', { amount: 60 });
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3079, description: 'You are restricted for this action.' });
  });

  it('checks the minimum, the maximum, redeemable SC only and an Active bank account', async () => {
    const player = await redeemingPlayer(80_00);
    // Bonus and unplayed SC never leave as a redemption.
    await fundPlayer(player.userId, { sc: 5_000_00 });
    const noBank = await player.client.post('payment/paynote', { amount: 60 });
    expect(noBank.body.errors?.[0]?.errorCode).toBe(3704);
    await linkBank(player.client);
    const low = await player.client.post('payment/paynote', { amount: 50.99 });
    expect(low.body.errors?.[0]).toMatchObject({
      errorCode: 3701,
      description: 'Requested redemption amount is less than 51 Redeemable SC coins',
    });
    const high = await player.client.post('payment/paynote', { amount: 10_000.01 });
    expect(high.body.errors?.[0]).toMatchObject({
      errorCode: 3702,
      description: 'Requested redemption amount is more than 10000 Redeemable SC coins',
    });
    const more = await player.client.post('payment/paynote', { amount: 80.01 });
    expect(more.body.errors?.[0]).toMatchObject({ errorCode: 3703, description: 'Insufficient Redeemable SC coins' });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 80_00, bsc: 5_000_00, pending: 0 });
    const profile = await player.client.get('user/profile');
    expect(profile.body.data).toMatchObject({ minRedeemableCoins: 51, maxRedeemableCoins: 10000 });
  });

  it('answers success false with the remaining amount once the daily cap would be passed', async () => {
    const player = await redeemingPlayer(25_000_00);
    await linkBank(player.client);
    const first = await player.client.post('payment/paynote', { amount: 10_000 });
    expect(first.body.data).toMatchObject({ success: true, status: 0 });
    const second = await player.client.post('payment/paynote', { amount: 9_000 });
    expect(second.body.data).toMatchObject({ success: true });
    const third = await player.client.post('payment/paynote', { amount: 1_000.01 });
    expect(third.status).toBe(200);
    expect(third.body.data).toMatchObject({ success: false, withdrawRequestId: null, limitCheck: { remaining: 1000, limitAmount: 20000 } });
    expect(third.body.message).toBe(
      'You cannot redeem more than 20000 coins in one day. Your remaining redeemable coins for today are 1000. You can try again tomorrow or with a different amount',
    );
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 6_000_00, pending: 19_000_00 });
    // The $10,000 day and the repeated requests near the cap are flagged for review.
    const { database } = await testServer();
    const flags = await database.db.select().from(redemptionFlags).where(eq(redemptionFlags.userId, player.userId));
    expect(flags.map((flag) => [flag.redemptionId, flag.reason, flag.dayTotal])).toEqual([
      [(first.body.data as RedeemData).withdrawRequestId, 'daily_total_at_or_above_10000', 10_000_00],
      [(second.body.data as RedeemData).withdrawRequestId, 'daily_total_at_or_above_10000', 19_000_00],
    ]);
  });

  it('flags a third request of the day that brings the total within 10% of the cap, and only that one', async () => {
    const { service } = await standaloneRedeem({ dailyCapCoins: 300 });
    const player = await redeemingPlayer(1_000_00);
    await linkBank(player.client);
    const ids: number[] = [];
    for (const amount of [100, 100, 80]) {
      ids.push((await service.request(player.userId, { amount, destination: { type: 'BANK' } })).withdrawRequestId!);
    }
    const { database } = await testServer();
    const flags = await database.db.select().from(redemptionFlags).where(eq(redemptionFlags.userId, player.userId));
    expect(flags.map((flag) => [flag.redemptionId, flag.reason, flag.dayTotal, flag.dayCount])).toEqual([
      [ids[2], 'repeated_near_daily_cap', 280_00, 3],
    ]);
  });

  it('redeems to an e-wallet through init-pay with paymentType redeem', async () => {
    const player = await redeemingPlayer(100_00);
    const response = await player.client.post('payment/init-pay', {
      actionableEmail: 'ada@wallet.test',
      amount: 51,
      checkbox: true,
      currency: 'USD',
      paymentType: 'redeem',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ success: true, status: 0, paymentData: { maximumAmount: 10000 } });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 49_00, pending: 51_00 });
    const unticked = await player.client.post('payment/init-pay', {
      actionableEmail: 'ada@wallet.test',
      amount: 51,
      checkbox: false,
      paymentType: 'redeem',
    });
    expect(unticked.status).toBe(400);
  });
});

describe('redemption lifecycle', () => {
  it('moves the SC to pending at once, lists it as status 0, and cancels it back into redeemable', async () => {
    const player = await redeemingPlayer(200_00);
    await linkBank(player.client);
    const requested = await player.client.post('payment/paynote', { amount: 75.5, providerType: 'PAYNOTE', paymentType: 'redeem' });
    const id = (requested.body.data as RedeemData).withdrawRequestId!;
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 124_50, pending: 75_50 });
    const listed = await player.client.get('payment/transactions', { actionType: 'redeem' });
    expect(listed.body.data).toMatchObject({ count: 1, rows: [{ id, transactiontype: 'redeem', amount: 75.5, sccoin: 75.5, status: 0 }] });

    const cancelled = await player.client.put('payment/redeem-request', { withdrawRequestId: id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ data: { success: true }, message: 'Redeem request successfully cancelled' });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 200_00, pending: 0 });
    expect((await player.client.get('payment/transactions', { actionType: 'redeem' })).body.data).toMatchObject({
      rows: [{ id, status: 2 }],
    });
    const again = await player.client.put('payment/redeem-request', { withdrawRequestId: id });
    expect(again.body.errors?.[0]?.errorCode).toBe(3706);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 200_00, pending: 0 });
    expect(await eventsOf(player.userId)).toEqual(['RedemptionRequested', 'RedemptionCancelled']);
  });

  it('makes one redemption of a request retried with its Idempotency-Key, and refuses the key for another amount', async () => {
    const player = await redeemingPlayer(200_00);
    await linkBank(player.client);
    const key = { 'idempotency-key': 'redeem-retry-0001' };
    const first = await player.client.post('payment/paynote', { amount: 60 }, key);
    const retried = await player.client.post('payment/paynote', { amount: 60 }, key);
    expect(first.status).toBe(200);
    expect(retried.status).toBe(200);
    const id = (first.body.data as RedeemData).withdrawRequestId!;
    expect((retried.body.data as RedeemData).withdrawRequestId).toBe(id);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 140_00, pending: 60_00 });
    const listed = await player.client.get('payment/transactions', { actionType: 'redeem' });
    expect(listed.body.data).toMatchObject({ count: 1 });

    const otherAmount = await player.client.post('payment/paynote', { amount: 70 }, key);
    expect(otherAmount.body.errors?.[0]?.errorCode).toBe(3011);
    const badKey = await player.client.post('payment/paynote', { amount: 60 }, { 'idempotency-key': 'x' });
    expect(badKey.status).toBe(400);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 140_00, pending: 60_00 });
    // Without a key, each request is a redemption of its own.
    expect((await player.client.post('payment/paynote', { amount: 60 })).status).toBe(200);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 80_00, pending: 120_00 });
  });

  it("lets a player neither see nor cancel another player's redemption", async () => {
    const owner = await redeemingPlayer(100_00);
    await linkBank(owner.client);
    const id = ((await owner.client.post('payment/paynote', { amount: 60 })).body.data as RedeemData).withdrawRequestId!;
    const other = await redeemingPlayer(0);
    const cancel = await other.client.put('payment/redeem-request', { withdrawRequestId: id });
    expect(cancel.status).toBe(404);
    expect(cancel.body.errors?.[0]?.errorCode).toBe(3705);
    expect((await other.client.get('payment/transactions', { actionType: 'redeem' })).body.data).toMatchObject({ rows: [], count: 0 });
    expect((await redemptionOf(id)).status).toBe(0);
    const visitor = await newClient();
    expect((await visitor.put('payment/redeem-request', { withdrawRequestId: id })).status).toBe(401);
  });

  it('after the review window the job sends it (7); a replayed success webhook pays it once', async () => {
    const { service, sandbox } = await standaloneRedeem({ reviewWindowSeconds: 3600 });
    const player = await redeemingPlayer(300_00);
    await linkBank(player.client);
    const { withdrawRequestId: id } = await service.request(player.userId, { amount: 100, destination: { type: 'BANK' } });
    // Inside the review window nothing is sent.
    await service.submitDue(new Date());
    expect((await redemptionOf(id!)).status).toBe(0);
    expect(await service.submitDue(new Date(Date.now() + 3601_000))).toBeGreaterThanOrEqual(1);
    const sent = await redemptionOf(id!);
    expect(sent.status).toBe(7);
    // In process: too late to cancel.
    expect((await player.client.put('payment/redeem-request', { withdrawRequestId: id })).body.errors?.[0]?.errorCode).toBe(3706);

    await sandbox.settle(sent.payoutId!);
    const first = await deliverWebhook(player.client, sandbox, sent.payoutId!);
    expect(first.status).toBe(200);
    const replay = await deliverWebhook(player.client, sandbox, sent.payoutId!);
    expect(replay.body.data).toMatchObject({ duplicate: true });
    expect((await redemptionOf(id!)).status).toBe(1);
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 200_00, pending: 0 });
    expect(await eventsOf(player.userId)).toEqual(['RedemptionRequested', 'RedemptionSubmitted', 'RedemptionPaid']);
  });

  it('refunds the coins when the payout fails (closed account), and refuses an unsigned webhook', async () => {
    const { service, sandbox } = await standaloneRedeem();
    const player = await redeemingPlayer(100_00);
    await linkBank(player.client, { accountId: 'closed' });
    const { withdrawRequestId: id } = await service.request(player.userId, { amount: 60, destination: { type: 'BANK' } });
    await service.submitDue(new Date(Date.now() + 1000));
    const sent = await redemptionOf(id!);
    await sandbox.settle(sent.payoutId!);
    const [record] = sandbox.webhooks(sent.payoutId!);
    const unsigned = await player.client.request<{ errors?: { errorCode: number }[] }>('POST', 'payment/paynote/webhook', {
      body: JSON.parse(record!.body) as unknown,
      headers: { 'paynote-signature': 't=1,v1=00' },
    });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.errors?.[0]?.errorCode).toBe(3707);
    expect((await redemptionOf(id!)).status).toBe(7);
    await deliverWebhook(player.client, sandbox, sent.payoutId!);
    expect(await redemptionOf(id!)).toMatchObject({ status: 3, failureReason: 'ACCOUNT_CLOSED' });
    expect(await balancesOf(player.userId)).toMatchObject({ wsc: 100_00, pending: 0 });
    expect((await player.client.get('payment/transactions', { actionType: 'redeem' })).body.data).toMatchObject({
      rows: [{ id, status: 3 }],
    });
  });
});

describe('the redeem page is for signed-in players only', () => {
  it('answers 401 to a visitor', async () => {
    const visitor = await newClient();
    expect((await visitor.get('payment/get-funding-source')).status).toBe(401);
    expect((await visitor.post('payment/paynote', { amount: 60 })).status).toBe(401);
  });
});
