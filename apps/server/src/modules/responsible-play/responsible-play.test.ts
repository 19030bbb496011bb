import { describe, expect, it } from 'vitest';
import { packageBySlug, payWithCard, TEST_CARDS, tokenize } from '../payments/payment-helpers.js';
import { fundPlayer, testLedger } from '../../test/signed-in.js';
import { PASSWORD, bet, playerWithPassword, rollback, setting } from './test-support.js';

const errorOf = (response: { body: unknown }) => (response.body as { errors?: { errorCode: number; description: string }[] }).errors?.[0];

interface HistoryData {
  responsibleGambling: Record<string, { amount: number; pendingAmount: number | null; pendingAt: string | null } | null>;
  totalBetLimits: Record<string, number>;
  totalDepositLimits: Record<string, number>;
}

describe('responsible-gambling-setting: limits', () => {
  it('needs the right password and valid values, with the seed messages', async () => {
    const player = await playerWithPassword();
    const wrong = await player.client.post('responsible-gambling/responsible-gambling-setting', {
      password: Buffer.from('Wrong&Pass2026').toString('base64'),
      dailyDepositLimit: 10,
    });
    expect(errorOf(wrong)).toMatchObject({ errorCode: 3755, description: 'The password is not correct.' });
    const zero = await setting(player.client, { dailyDepositLimit: 0 });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain('daily deposit limit must be a valid number and greater than 0');
    const exponent = await setting(player.client, { weeklyBetLimit: '1e3' });
    expect(JSON.stringify(exponent.body)).toContain('weekly bet limit must be a valid number greater than 0');
    const nothing = await setting(player.client, {});
    expect(nothing.status).toBe(400);
    const history = await player.client.get('responsible-gambling/gambling-history');
    expect((history.body.data as unknown as HistoryData).responsibleGambling.dailyDepositLimit).toBeNull();
  });

  it('applies a new or lower limit at once and a raise or removal only after 24 hours', async () => {
    const player = await playerWithPassword();
    const set = await setting(player.client, { dailyDepositLimit: 20, monthlyBetLimit: '150.50' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ isUpdated: true, timebreak: false, selfExcluded: false });

    const raise = await setting(player.client, { dailyDepositLimit: 50 });
    expect(raise.status).toBe(200);
    expect(raise.body.message).toMatch(/Your new daily deposit limit applies from \d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM) UTC\./);
    let history = (await player.client.get('responsible-gambling/gambling-history')).body.data as unknown as HistoryData;
    expect(history.responsibleGambling.dailyDepositLimit).toMatchObject({ amount: 20, pendingAmount: 50 });
    expect(history.responsibleGambling.monthlyBetLimit).toMatchObject({ amount: 150.5, pendingAmount: null, pendingAt: null });
    expect(new Date(history.responsibleGambling.dailyDepositLimit!.pendingAt!).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const again = await setting(player.client, { dailyDepositLimit: 60 });
    expect(errorOf(again)?.errorCode).toBe(3753);
    expect(errorOf(again)?.description).toMatch(/^You cannot update daily deposit limit till \d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM) UTC$/);
    const removeWhilePending = await player.client.put('responsible-gambling/remove-responsible-setting', {
      password: PASSWORD,
      limitType: 'dailyDepositLimit',
    });
    expect(errorOf(removeWhilePending)?.errorCode).toBe(3753);

    const lower = await setting(player.client, { dailyDepositLimit: 5 });
    expect(lower.status).toBe(200);
    history = (await player.client.get('responsible-gambling/gambling-history')).body.data as unknown as HistoryData;
    expect(history.responsibleGambling.dailyDepositLimit).toMatchObject({ amount: 5, pendingAmount: null, pendingAt: null });

    const removal = await player.client.put('responsible-gambling/remove-responsible-setting', {
      password: PASSWORD,
      limitType: 'monthlyBetLimit',
    });
    expect(removal.status).toBe(200);
    expect(removal.body.message).toMatch(/^Your monthly bet limit will be removed on /);
    history = (await player.client.get('responsible-gambling/gambling-history')).body.data as unknown as HistoryData;
    expect(history.responsibleGambling.monthlyBetLimit).toMatchObject({ amount: 150.5, pendingAmount: null });
    expect(history.responsibleGambling.monthlyBetLimit!.pendingAt).not.toBeNull();
  });

  it("never shows or changes another player's limits", async () => {
    const owner = await playerWithPassword();
    const other = await playerWithPassword();
    expect((await setting(owner.client, { dailyBetLimit: 3 })).status).toBe(200);
    const seen = (await other.client.get('responsible-gambling/gambling-history')).body.data as unknown as HistoryData;
    expect(seen.responsibleGambling.dailyBetLimit).toBeNull();
    // The other player's own password changes only their own limits.
    expect((await setting(other.client, { dailyBetLimit: 1 })).status).toBe(200);
    const own = (await owner.client.get('responsible-gambling/gambling-history')).body.data as unknown as HistoryData;
    expect(own.responsibleGambling.dailyBetLimit).toMatchObject({ amount: 3 });
  });

  it('refuses a limit below what was already spent in its period', async () => {
    const player = await playerWithPassword();
    const pkg = await packageBySlug('silver-999');
    expect((await payWithCard(player.client, pkg, TEST_CARDS.visa)).state).toBe('SUCCEEDED');
    const below = await setting(player.client, { weeklyDepositLimit: 5 });
    expect(errorOf(below)).toMatchObject({ errorCode: 3754, description: 'You have spent total weekly deposit limit $9.99' });
    expect((await setting(player.client, { weeklyDepositLimit: 10 })).status).toBe(200);
  });
});

describe('deposit limits on the purchase path', () => {
  it('answers init-pay with limitCheck and starts no payment over the limit; the profile carries the totals', async () => {
    const player = await playerWithPassword();
    const pkg = await packageBySlug('silver-999');
    expect((await setting(player.client, { dailyDepositLimit: 15 })).status).toBe(200);
    expect((await payWithCard(player.client, pkg, TEST_CARDS.visa)).state).toBe('SUCCEEDED');

    const over = await player.client.post('payment/init-pay', {
      amount: 9.99,
      packageId: pkg.id,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(over.status).toBe(200);
    expect(over.body.data).toMatchObject({
      success: false,
      paymentData: null,
      id: null,
      limitCheck: {
        limitReached: true,
        limitAmount: 15,
        message: 'This purchase would pass your daily deposit limit. You can still purchase $5.01 in this period.',
      },
    });
    // What is left of the limit still buys a smaller package.
    const small = await packageBySlug('starter-199');
    const allowed = await player.client.post('payment/init-pay', {
      amount: small.amount / 100,
      packageId: small.id,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(allowed.body.data).toMatchObject({ success: true, limitCheck: { limitReached: false } });
    const profile = await player.client.get('user/profile');
    expect(profile.body.data).toMatchObject({
      totalDepositLimits: { totalDepositAmountToday: 9.99, totalDepositAmountWeekly: 9.99, totalDepositAmountMonthly: 9.99 },
      totalBetLimits: { totalBetAmountToday: 0, totalBetAmountWeekly: 0, totalBetAmountMonthly: 0 },
    });
  });

  it('checks again when charging: the second of two payments started under the limit is refused before any charge', async () => {
    const player = await playerWithPassword();
    const pkg = await packageBySlug('silver-999');
    expect((await setting(player.client, { dailyDepositLimit: 15 })).status).toBe(200);
    const first = await player.client.post('payment/init-pay', {
      amount: 9.99,
      packageId: pkg.id,
      paymentType: 'deposit',
      providerType: 'FINIX',
    });
    expect(first.body.data).toMatchObject({ success: true });
    expect((await payWithCard(player.client, pkg, TEST_CARDS.visa)).state).toBe('SUCCEEDED');
    const before = await (await testLedger()).balances(player.userId);

    const token = await tokenize(player.client, TEST_CARDS.visa);
    const merchantRefNum = (first.body.data as { paymentData: { merchantRefNum: string } }).paymentData.merchantRefNum;
    const charge = await player.client.post('payment/finix/create-instrument', {
      type: 'TOKEN',
      token,
      merchantRefNum,
      amount: 9.99,
      packageId: pkg.id,
      isSaveCard: false,
    });
    expect(errorOf(charge)).toMatchObject({ errorCode: 3751 });
    expect(errorOf(charge)?.description).toContain('daily deposit limit');
    expect(await (await testLedger()).balances(player.userId)).toEqual(before);
    const status = await player.client.get('payment/status', { providerType: 'FINIX', paymentReference: merchantRefNum });
    expect(status.body.data).toMatchObject({ status: 0 });
  });
});

describe('bet limits in the seamless wallet', () => {
  it('refuses an SC bet that would pass a bet limit with a clear error, takes nothing, and counts rollbacks out', async () => {
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { sc: 1_000, gc: 10_000 });
    expect((await setting(player.client, { dailyBetLimit: 1 })).status).toBe(200);

    const first = await bet(player.userId, 0.6);
    expect(first.response.status).toBe(200);
    const refused = await bet(player.userId, 0.5);
    expect(refused.response.status).toBe(400);
    expect(refused.response.body.errors?.[0]).toMatchObject({
      errorCode: 3752,
      description: 'This bet would pass your daily bet limit. You can still bet SC 0.40 in this period.',
    });
    const balances = await (await testLedger()).balances(player.userId);
    expect(balances.bsc + balances.psc + balances.wsc).toBe(940);
    // GC is play money: no bet limit applies to it.
    expect((await bet(player.userId, 50, 'GC')).response.status).toBe(200);

    const profile = await player.client.get('user/profile');
    expect(profile.body.data).toMatchObject({ totalBetLimits: { totalBetAmountToday: 0.6 } });
    expect((await rollback(player.userId, first)).status).toBe(200);
    expect((await bet(player.userId, 0.9)).response.status).toBe(200);
    expect((await bet(player.userId, 0.2)).response.body.errors?.[0]?.errorCode).toBe(3752);
  });
});
