import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spinWheelSpins } from '../../db/schema/index.js';
import { createEventBus } from '../../events/event-bus.js';
import { createLedgerService } from '../../money/ledger/ledger-service.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { balances } from '../payments/payment-helpers.js';
import { pickByWeight } from './picker.js';
import { createSpinWheelService } from './service.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const HOUR_MS = 60 * 60 * 1000;

async function standaloneWheel() {
  const { database } = await testServer();
  const ledger = createLedgerService(database.db);
  const bus = createEventBus(database.db, { log: { error: () => undefined } });
  return createSpinWheelService(database.db, bus, ledger);
}

describe('the weighted pick', () => {
  it('draws each segment as often as its weight says (chi-square over 200,000 draws)', () => {
    const segments = [200, 180, 120, 120, 90, 80, 60, 50, 40, 30, 25, 5].map((weight, index) => ({ weight, index }));
    const total = segments.reduce((sum, segment) => sum + segment.weight, 0);
    const draws = 200_000;
    const observed = new Array<number>(segments.length).fill(0);
    for (let draw = 0; draw < draws; draw += 1) observed[pickByWeight(segments, randomInt).index]! += 1;
    const chiSquare = segments.reduce((sum, segment, index) => {
      const expected = (draws * segment.weight) / total;
      return sum + (observed[index]! - expected) ** 2 / expected;
    }, 0);
    // 11 degrees of freedom: the 99.99th percentile of chi-square is 39.1. A fair RNG fails this
    // once in 10,000 runs; a pick that ignored the weights would score in the tens of thousands.
    expect(chiSquare).toBeLessThan(39.1);
  });

  it('maps every draw to the segment whose weight range holds it', () => {
    const segments = [{ weight: 1 }, { weight: 3 }, { weight: 6 }];
    const picks = Array.from({ length: 10 }, (_, draw) => segments.indexOf(pickByWeight(segments, () => draw)));
    expect(picks).toEqual([0, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
  });
});

describe('GET /spinWheelConfiguration', () => {
  it('lists the seeded wheel with GC and SC per segment, unclaimed', async () => {
    const { client } = await signedInPlayer();
    const response = await client.get('spinWheelConfiguration/getList');
    expect(response.status).toBe(200);
    const data = response.body.data as { wheelConfiguration: { index: number; gc: number; sc: number; isJackpot: boolean }[] };
    expect(data.wheelConfiguration).toHaveLength(12);
    expect(data.wheelConfiguration[0]).toEqual({ index: 0, gc: 500, sc: 0, isJackpot: false });
    expect(data.wheelConfiguration[11]).toEqual({ index: 11, gc: 5_000, sc: 10, isJackpot: true });
    expect(response.body.data).toMatchObject({ isSpinWheelBonusClaimed: false, spinWheelClaimedAt: null, nextSpinAt: null });
    expect((await (await newClient()).get('spinWheelConfiguration/getList')).status).toBe(401);
  });

  it("spins once: credits the segment's GC and bonus SC, answers its index, then refuses with 3770 for 24 hours", async () => {
    const { client, userId } = await signedInPlayer();
    const list = (await client.get('spinWheelConfiguration/getList')).body.data as {
      wheelConfiguration: { index: number; gc: number; sc: number }[];
    };
    const spin = await client.get('spinWheelConfiguration/updateWallet');
    expect(spin.status).toBe(200);
    const result = spin.body.data as { index: number; gc: number; sc: number; spinWheelClaimedAt: string; nextSpinAt: string };
    const segment = list.wheelConfiguration[result.index]!;
    expect({ gc: result.gc, sc: result.sc }).toEqual({ gc: segment.gc, sc: segment.sc });
    expect(await balances(userId)).toMatchObject({ gc: Math.round(segment.gc * 100), bsc: Math.round(segment.sc * 100) });
    expect(new Date(result.nextSpinAt).getTime() - new Date(result.spinWheelClaimedAt).getTime()).toBe(24 * HOUR_MS);
    expect(spin.body.data).toMatchObject({ userWallet: { gcCoin: segment.gc, scCoin: { bsc: segment.sc } } });

    const profile = (await client.get('user/profile')).body.data;
    expect(profile).toMatchObject({ isSpinWheelBonusClaimed: true, spinWheelClaimedAt: result.spinWheelClaimedAt });

    const again = await client.get('spinWheelConfiguration/updateWallet');
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]).toMatchObject({
      errorCode: 3770,
      description: 'You have already spun the wheel. Come back in 24 hours to spin again.',
    });
    expect(await balances(userId)).toMatchObject({ gc: Math.round(segment.gc * 100) });
    expect((await client.get('spinWheelConfiguration/getList')).body.data).toMatchObject({
      isSpinWheelBonusClaimed: true,
      nextSpinAt: result.nextSpinAt,
    });
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer and no Origin (a link or an image on another site)', { origin: undefined, referer: 'https://evil.example/win' }],
    [
      'Sec-Fetch-Site: cross-site and neither Origin nor Referer (an image with no-referrer)',
      { origin: undefined, 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
    ],
  ])('refuses a cross-site spin with 3010 and credits nothing: %s', async (_name, headers) => {
    const { client, userId } = await signedInPlayer();
    const before = await balances(userId);
    const refused = await client.request<{ errors?: { errorCode: number }[] }>('GET', 'spinWheelConfiguration/updateWallet', { headers });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3010);
    expect(await balances(userId)).toEqual(before);
    expect((await client.get('spinWheelConfiguration/getList')).body.data).toMatchObject({ isSpinWheelBonusClaimed: false });
  });

  it("still spins from the casino's own page: Sec-Fetch-Site same-origin, no Origin, no Referer", async () => {
    const { client, userId } = await signedInPlayer();
    const spin = await client.request<{ data?: { gc: number } }>('GET', 'spinWheelConfiguration/updateWallet', {
      headers: { origin: undefined, 'sec-fetch-site': 'same-origin' },
    });
    expect(spin.status).toBe(200);
    expect((await balances(userId)).gc).toBe(Math.round(spin.body.data!.gc * 100));
  });

  it('opens again 24 hours after the last spin, and not a second earlier', async () => {
    const wheel = await standaloneWheel();
    const { userId } = await signedInPlayer();
    const start = new Date(Date.now() - 48 * HOUR_MS);
    await wheel.spin(userId, start);
    await expect(wheel.spin(userId, new Date(start.getTime() + 24 * HOUR_MS - 1_000))).rejects.toMatchObject({
      errorName: 'SpinWheelAlreadyClaimed',
    });
    expect(await wheel.profileFlags(userId, new Date(start.getTime() + 24 * HOUR_MS - 1_000))).toMatchObject({
      isSpinWheelBonusClaimed: true,
    });
    expect(await wheel.profileFlags(userId, new Date(start.getTime() + 24 * HOUR_MS))).toMatchObject({ isSpinWheelBonusClaimed: false });
    const second = await wheel.spin(userId, new Date(start.getTime() + 24 * HOUR_MS));
    expect(second.nextSpinAt).toBe(new Date(start.getTime() + 48 * HOUR_MS).toISOString());
    const { database } = await testServer();
    expect(await database.db.select().from(spinWheelSpins).where(eq(spinWheelSpins.userId, userId))).toHaveLength(2);
  });

  it.skipIf(!onPostgres)('credits once when eight spins of one player arrive together (PostgreSQL)', async () => {
    const { client, userId } = await signedInPlayer();
    const results = await Promise.all(Array.from({ length: 8 }, () => client.get('spinWheelConfiguration/updateWallet')));
    const passed = results.filter((result) => result.status === 200);
    expect(passed).toHaveLength(1);
    for (const refused of results.filter((result) => result.status !== 200)) expect(refused.body.errors?.[0]?.errorCode).toBe(3770);
    const won = passed[0]!.body.data as { gc: number; sc: number };
    expect(await balances(userId)).toMatchObject({ gc: Math.round(won.gc * 100), bsc: Math.round(won.sc * 100) });
    const { database } = await testServer();
    expect(await database.db.select().from(spinWheelSpins).where(eq(spinWheelSpins.userId, userId))).toHaveLength(1);
  });
});
