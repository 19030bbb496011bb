import { randomInt, randomUUID } from 'node:crypto';
import type { Report } from '@casino/contracts/admin-reports';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { casinoBets, casinoGames, paymentIntents, redemptions } from '../../db/schema/index.js';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { getTitle } from '../../rgs/math/titles.js';
import { testServer } from '../../test/harness.js';
import { signedInClient } from '../../test/signed-in.js';
import { packageBySlug, payWithCard, TEST_CARDS } from '../payments/payment-helpers.js';
import { linkBank, redeemingPlayer } from '../redeem/redeem-helpers.js';
import { csvField } from './reports-queries.js';
import { signedInOperator } from './test-support.js';

/**
 * The reports: the figures equal what a few known rounds, purchases and
 * redemptions add up to. They are placed on two days of their own in the past (random, so a
 * database reused across runs gives each run empty days), next to rows the report must leave out.
 */
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;
const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; details?: { issues: { field: string; message: string }[] } }[] }).errors?.[0];

function isoDay(offsetDays: number, base: number): string {
  return new Date(base + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function plantDays() {
  const { database, owner } = await testServer();
  const db = database.db;
  // A day between 1990 and 2020 no other run picked (9 000 days to choose from).
  const base = Date.parse('1990-01-01T00:00:00Z') + randomInt(9_000) * 86_400_000;
  const [day1, day2, before, after] = [isoDay(0, base), isoDay(1, base), isoDay(-1, base), isoDay(2, base)];
  const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);

  const player = await signedInClient('rep');
  const games = await db
    .select({ id: casinoGames.id, identifier: casinoGames.identifier, name: casinoGames.name })
    .from(casinoGames)
    .limit(40);
  const [gameA, gameB] = games.filter((game) => getTitle(game.identifier) !== undefined);
  const bet = (
    gameId: number,
    day: string,
    coin: 'GC' | 'SC',
    betAmount: number,
    winAmount: number,
    status: 'settled' | 'rolled_back' | 'open' = 'settled',
    time?: string,
  ) => ({
    userId: player.userId,
    gameId,
    roundId: `rep-${randomUUID()}`,
    coin,
    betAmount,
    winAmount,
    status,
    createdAt: at(day, time),
    // As the wallet records them: a round that paid has the time of its win.
    wonAt: winAmount > 0 && status === 'settled' ? at(day, time) : null,
  });
  // Rounds as the wallet's functions would have written them (the server's role writes none itself).
  await owner.db.insert(casinoBets).values([
    // Day 1, game A: SC 1.00 -> 0.50, SC 2.00 -> 5.00 (at 00:00:00 and 23:59:59 UTC), GC 10.00 -> 0.
    bet(gameA!.id, day1, 'SC', 100, 50, 'settled', '00:00:00'),
    bet(gameA!.id, day1, 'SC', 200, 500, 'settled', '23:59:59'),
    bet(gameA!.id, day1, 'GC', 1000, 0),
    // Day 1, game B: GC 5.00 -> 7.50.
    bet(gameB!.id, day1, 'GC', 500, 750),
    // Day 2, game A: SC 4.00 -> 3.00.
    bet(gameA!.id, day2, 'SC', 400, 300),
    // Left out: a rolled-back round, an open round, and rounds the day before and after the range.
    bet(gameA!.id, day1, 'SC', 9_900, 0, 'rolled_back'),
    bet(gameA!.id, day2, 'SC', 9_900, 0, 'open'),
    bet(gameA!.id, before, 'SC', 9_900, 9_900, 'settled', '23:59:59'),
    bet(gameA!.id, after, 'GC', 9_900, 9_900, 'settled', '00:00:00'),
  ]);

  // Purchases made the real way (card payments), moved to their days: 19.99 and 4.99 paid on day 1;
  // left out: a declined one on day 1 and a paid one the day after.
  const buyer = await signedInPlayer();
  const buy = async (slug: string, card: string, day: string) => {
    const result = await payWithCard(buyer.client, await packageBySlug(slug), card);
    await db
      .update(paymentIntents)
      .set({ createdAt: at(day) })
      .where(eq(paymentIntents.merchantRefNum, result.merchantRefNum));
    return result.state;
  };
  expect(await buy('gold-1999', TEST_CARDS.visa, day1)).toBe('SUCCEEDED');
  expect(await buy('bronze-499', TEST_CARDS.visa, day1)).toBe('SUCCEEDED');
  expect(await buy('silver-999', TEST_CARDS.declined, day1)).toBe('FAILED');
  expect(await buy('starter-199', TEST_CARDS.visa, after)).toBe('SUCCEEDED');

  // Redemptions made the real way by three players (one pending each): 60 SC and 55 SC, and 70 SC
  // the player cancels (left out), all moved to day 2. (None is paid: a payout needs the payout
  // provider's webhook; the paid column's filter is the same query's.)
  const made: { id: number; amount: number }[] = [];
  for (const amount of [60, 55, 70]) {
    const redeemer = await redeemingPlayer(200_00);
    await linkBank(redeemer.client);
    expect((await redeemer.client.post('payment/paynote', { amount })).status).toBe(200);
    const [row] = await db
      .select({ id: redemptions.id, amount: redemptions.amount })
      .from(redemptions)
      .where(eq(redemptions.userId, redeemer.userId));
    made.push(row!);
    if (amount === 70) expect((await redeemer.client.put('payment/redeem-request', { withdrawRequestId: row!.id })).status).toBe(200);
  }
  await owner.db
    .update(redemptions)
    .set({ createdAt: at(day2) })
    .where(
      inArray(
        redemptions.id,
        made.map((row) => row.id),
      ),
    );

  return { day1, day2, gameA: gameA!, gameB: gameB! };
}

describe('reports', () => {
  it('adds up known rounds, purchases and redemptions per UTC day and game, with the theoretical RTP', async () => {
    const { day1, day2, gameA, gameB } = await plantDays();
    const { client } = await signedInOperator(['payments']);
    const response = await client.get('/api/admin/reports/daily', { from: day1, to: day2 });
    expect(response.status).toBe(200);
    const report = dataOf<Report>(response);

    // Ordered by day, then game name.
    const row = (day: string, gameId: number) => report.games.find((game) => game.day === day && game.gameId === gameId);
    expect(report.games).toHaveLength(3);
    expect(report.games.map((game) => game.day)).toEqual([day1, day1, day2]);
    expect(row(day1, gameA.id)).toMatchObject({ rounds: 3, gcWagered: 10, gcWon: 0, gcRtp: 0, scWagered: 3, scWon: 5.5, scRtp: 1.8333 });
    expect(row(day1, gameB.id)).toMatchObject({ rounds: 1, gcWagered: 5, gcWon: 7.5, gcRtp: 1.5, scWagered: 0, scWon: 0, scRtp: null });
    expect(row(day2, gameA.id)).toMatchObject({ rounds: 1, gcWagered: 0, gcRtp: null, scWagered: 4, scWon: 3, scRtp: 0.75 });
    const gameARow = report.games.find((row) => row.gameId === gameA.id)!;
    expect(gameARow.theoreticalRtp).toBe(getTitle(gameA.identifier)!.rtp);
    expect(gameARow.gameName).toBe(gameA.name);

    expect(report.days).toEqual([
      {
        day: day1,
        rounds: 4,
        gcWagered: 15,
        gcWon: 7.5,
        scWagered: 3,
        scWon: 5.5,
        purchases: 2,
        purchaseAmount: 24.98,
        redemptions: 0,
        redemptionAmount: 0,
        redemptionPaidAmount: 0,
      },
      {
        day: day2,
        rounds: 1,
        gcWagered: 0,
        gcWon: 0,
        scWagered: 4,
        scWon: 3,
        purchases: 0,
        purchaseAmount: 0,
        redemptions: 2,
        redemptionAmount: 115,
        redemptionPaidAmount: 0,
      },
    ]);

    // The same rows as CSV: a header, one line per day and game, CRLF line ends.
    const csv = await client.get<string>('/api/admin/reports/daily.csv', { from: day1, to: day2 });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="games-${day1}-${day2}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('day,game_id,game,provider,rounds,gc_wagered,gc_won,gc_rtp,sc_wagered,sc_won,sc_rtp,theoretical_rtp');
    expect(lines).toHaveLength(report.games.length + 2);
    const first = report.games[0]!;
    expect(lines[1]).toBe(
      [
        first.day,
        first.gameId,
        csvField(first.gameName),
        csvField(first.provider),
        first.rounds,
        first.gcWagered,
        first.gcWon,
        first.gcRtp ?? '',
        first.scWagered,
        first.scWon,
        first.scRtp ?? '',
        first.theoreticalRtp ?? '',
      ].join(','),
    );
  });

  it('refuses a range backwards or longer than 92 days, in words', async () => {
    const { client } = await signedInOperator(['compliance']);
    const backwards = await client.get('/api/admin/reports/daily', { from: '2024-02-02', to: '2024-02-01' });
    expect(backwards.status).toBe(400);
    expect(errorOf(backwards)?.details?.issues).toEqual([
      expect.objectContaining({ message: 'The first day must not be after the last day.' }),
    ]);
    const long = await client.get('/api/admin/reports/daily.csv', { from: '2024-01-01', to: '2024-04-02' });
    expect(errorOf(long)?.details?.issues).toEqual([expect.objectContaining({ message: 'Choose at most 92 days.' })]);
    expect(errorOf(await client.get('/api/admin/reports/daily', { from: '2024-1-1', to: '2024-01-02' }))?.details?.issues).toEqual([
      expect.objectContaining({ message: 'Enter a date as yyyy-mm-dd.' }),
    ]);
  });

  it('reads each range through an index, not a scan of the whole table', async () => {
    // The test tables are small enough for a scan to be cheaper, so scans are priced out: the
    // plan then shows which index can serve each range (each report query's shape).
    const { database } = await testServer();
    const plans = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) => JSON.stringify(await tx.execute(sql`explain ${query}`));
      return [
        await explain(
          sql`select game_id, sum(bet_amount) from casino_bets where status = 'settled' and created_at >= '2001-01-01' and created_at < '2001-01-03' group by 1`,
        ),
        await explain(
          sql`select sum(amount) from payment_intents where status = 1 and created_at >= '2001-01-01' and created_at < '2001-01-03'`,
        ),
        await explain(
          sql`select sum(amount) from redemptions where status <> 2 and created_at >= '2001-01-01' and created_at < '2001-01-03'`,
        ),
      ];
    });
    expect(plans[0]).toContain('casino_bets_settled_created_idx');
    expect(plans[1]).toContain('payment_intents_paid_created_idx');
    expect(plans[2]).toContain('redemptions_created_idx');
  });
});

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('Cherry, Bells')).toBe('"Cherry, Bells"');
    expect(csvField('The "Big" One')).toBe('"The ""Big"" One"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(null)).toBe('');
  });
});
