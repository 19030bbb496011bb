import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { balancesOf, redeemingPlayer, standaloneRedeem } from './redeem-helpers.js';

/**
 * The yearly prize reporting threshold (docs/decisions/059) under concurrent requests. PostgreSQL
 * only (DATABASE_URL): PGlite runs one transaction at a time, so there it proves nothing.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('prize reporting threshold races (PostgreSQL only)', () => {
  it('two redemptions that together reach $600 without an SSN: one is made, the other refused with 3711', async () => {
    const { service } = await standaloneRedeem();
    for (let round = 0; round < 5; round += 1) {
      const player = await redeemingPlayer(1_000_00, { ssn: false });
      const destination = { type: 'EWALLET' as const, email: 'prizes@games.test' };
      const results = await Promise.allSettled([
        service.request(player.userId, { amount: 300, destination }),
        service.request(player.userId, { amount: 300, destination }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason instanceof AppError ? refused.reason.errorName : null).toBe(
        'RedeemSsnRequired',
      );
      expect(await balancesOf(player.userId)).toMatchObject({ wsc: 700_00, pending: 300_00 });
    }
  });
});
