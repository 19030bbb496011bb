import { bigintArray, textArray } from '../../db/array-literals.js';
import { statementRows, type DbExecutor } from '../../db/client.js';
import { maxWinMultiplier, titles } from '../../rgs/math/index.js';
import { IN_HOUSE_AGGREGATOR_ID } from './catalogue-data.js';

/**
 * An in-house title's win limit is the most its math can pay
 * (docs/decisions/058-win-limits.md). The wallet's functions read a game's limit from its row
 * (casino_games.max_win_multiplier, migration 0178), so the server writes every in-house title's
 * there from the math at every start: a game row of an in-house studio whose identifier is a
 * title's id gets that title's maximum, however the row came (the demo catalogue or an
 * operator's insert), and a change of a title's math reaches its row at the next start. A row
 * that already holds its title's maximum is left as it is. Answers how many rows changed.
 */
export async function writeInHouseWinLimits(db: DbExecutor): Promise<number> {
  const rows = await statementRows<{ id: number }>(
    db,
    `update casino_games g set max_win_multiplier = limits.multiplier
     from unnest($1::text[], $2::bigint[]) as limits (identifier, multiplier)
     where g.identifier = limits.identifier
       and g.max_win_multiplier <> limits.multiplier
       and g.provider_id in (select id from casino_providers where aggregator_id = $3)
     returning g.id`,
    [textArray(titles.map((title) => title.id)), bigintArray(titles.map((title) => maxWinMultiplier(title))), IN_HOUSE_AGGREGATOR_ID],
  );
  return rows.length;
}
