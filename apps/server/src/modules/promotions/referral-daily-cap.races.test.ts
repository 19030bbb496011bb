import { describe, expect, it } from 'vitest';
import { balances } from '../payments/payment-helpers.js';
import { deliver, firstPurchase, referralOf, referrerWithFriends, standalonePromotions } from './referral-test-support.js';

/**
 * Friends' first purchases delivered at once, at the referrer's daily cap (docs/decisions/056):
 * the count of today's rewards and the payment are made under the referrer's ledger lock, so the
 * deliveries are decided one after the other. PostgreSQL only (DATABASE_URL): PGlite runs one
 * transaction at a time, so there it proves nothing and is skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('referral daily cap races (PostgreSQL only: PGlite serialises every transaction)', () => {
  it('pays exactly the cap when eight friends buy at once, and holds the rest', async () => {
    const promotions = await standalonePromotions(3);
    for (let round = 0; round < 3; round += 1) {
      const { referrerId, friendIds } = await referrerWithFriends(8);
      await Promise.all(friendIds.map((friendId) => deliver(promotions, firstPurchase(friendId))));
      const rows = await Promise.all(friendIds.map(referralOf));
      expect(rows.filter((row) => row.status === 'paid')).toHaveLength(3);
      expect(rows.filter((row) => row.status === 'held').map((row) => row.holdReasons)).toEqual(Array(5).fill(['daily_cap']));
      expect(await balances(referrerId)).toMatchObject({ gc: 3 * 2_000_000, bsc: 3 * 1_000 });
    }
  });
});
