import type { ReferralRewardRow } from '@casino/contracts/admin-referrals';
import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../admin/test-support.js';
import { balances } from '../payments/payment-helpers.js';
import { deliver, firstPurchase, referralOf, referrerWithFriends, standalonePromotions } from './referral-test-support.js';

/**
 * The daily cap of referral rewards per referrer (REFERRAL_DAILY_REWARD_CAP, docs/decisions/056):
 * rewards past it in one UTC day are held for review like those of a friend who looks like the
 * referrer, never paid by themselves.
 */
describe('the daily cap of referral rewards', () => {
  it("holds the rewards past the referrer's cap for the day, and lists them for review", async () => {
    const promotions = await standalonePromotions(2);
    const { referrerId, friendIds } = await referrerWithFriends(3);
    for (const friendId of friendIds) await deliver(promotions, firstPurchase(friendId));

    const statuses = await Promise.all(friendIds.map(async (friendId) => (await referralOf(friendId)).status));
    expect(statuses).toEqual(['paid', 'paid', 'held']);
    expect((await referralOf(friendIds[2]!)).holdReasons).toEqual(['daily_cap']);
    expect(await balances(referrerId)).toMatchObject({ gc: 2 * 2_000_000, bsc: 2 * 1_000 });

    const { client: operator } = await signedInOperator(['compliance']);
    const queue = await operator.get('/api/admin/referral-rewards', { status: 'held', limit: 100 });
    const row = (queue.body.data as { rows: ReferralRewardRow[] }).rows.find((entry) => entry.referredUserId === friendIds[2]);
    expect(row).toMatchObject({ referrerUserId: referrerId, holdReasons: ['daily_cap'], gc: 20_000, sc: 10 });
  });

  it('counts each referrer on their own, and a repeated delivery of a purchase pays nothing more', async () => {
    const promotions = await standalonePromotions(1);
    const first = await referrerWithFriends(1);
    const second = await referrerWithFriends(1);
    const purchase = firstPurchase(first.friendIds[0]!);
    await deliver(promotions, purchase);
    await deliver(promotions, purchase);
    await deliver(promotions, firstPurchase(second.friendIds[0]!));
    expect((await referralOf(first.friendIds[0]!)).status).toBe('paid');
    expect((await referralOf(second.friendIds[0]!)).status).toBe('paid');
    expect(await balances(first.referrerId)).toMatchObject({ gc: 2_000_000, bsc: 1_000 });
  });
});
