import { describe, expect, it } from 'vitest';
import { statementRows } from '../../db/client.js';
import { getTitle, maxWinMultiplier, titles } from '../../rgs/math/index.js';
import { testServer } from '../../test/harness.js';
import { IN_HOUSE_AGGREGATOR_ID } from './catalogue-data.js';
import { writeInHouseWinLimits } from './in-house-win-limits.js';

/**
 * The wallet holds each game's wins to its row's max win multiplier (docs/decisions/058-win-limits.md); an
 * in-house title's is the maximum of its math, written by the server when it starts.
 */
async function inHouseLimits(): Promise<{ id: number; identifier: string; multiplier: number }[]> {
  const { database } = await testServer();
  return statementRows(
    database.db,
    `select g.id::int as id, g.identifier, g.max_win_multiplier as multiplier
     from casino_games g join casino_providers p on p.id = g.provider_id
     where p.aggregator_id = $1 order by g.id`,
    [IN_HOUSE_AGGREGATOR_ID],
  );
}

describe("an in-house title's win limit", () => {
  it("is its math's maximum in every in-house game row once the server started", async () => {
    const limits = new Map((await inHouseLimits()).map((row) => [row.identifier, row.multiplier]));
    for (const title of titles) expect(limits.get(title.id), title.id).toBe(maxWinMultiplier(title));
  });

  it('is written again over a row that was changed, and nowhere else', async () => {
    const { database } = await testServer();
    const changed = (await inHouseLimits()).filter((row) => getTitle(row.identifier)).at(-1)!;
    await statementRows(database.db, 'update casino_games set max_win_multiplier = 1000000 where id = $1', [changed.id]);
    expect(await writeInHouseWinLimits(database.db)).toBe(1);
    expect((await inHouseLimits()).find((row) => row.id === changed.id)?.multiplier).toBe(changed.multiplier);
    expect(await writeInHouseWinLimits(database.db)).toBe(0);
  });
});
