import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchCatalogue, type ScratchCatalogue } from './search-fixture.js';
import { gamesListQueries, type GameListSource } from './repository.js';

/**
 * Search uses an index, not a scan, with 5,000 games. This asserts the plan
 * PostgreSQL chooses for the lobby's own queries over a scratch catalogue of 5,000 games (never a
 * time: bench/games-search.ts prints timings).
 */
let catalogue: ScratchCatalogue | undefined;

beforeAll(async () => {
  catalogue = await openScratchCatalogue(5_000);
}, 120_000);

afterAll(async () => {
  await catalogue?.close();
});

const page = { page: 1, limit: 16 };
const CATALOGUE: GameListSource = { kind: 'catalogue' };

describe('game search over 5,000 games', () => {
  it.each(['dragon', 'Lucky Pha', 'megaways', 'gold', 'xyz'])(
    'counts "%s" through the trigram index, never scanning every game',
    async (search) => {
      const queries = gamesListQueries(catalogue!.db, { ...page, source: CATALOGUE, search }, null);
      const count = await catalogue!.explain(queries.count, { search: true });
      expect(count).toContain('casino_games_name_trgm_idx');
      expect(count).not.toMatch(/Seq Scan on casino_games/);
      // The page itself: the trigram index for a rare term; for a common one the planner may walk
      // the lobby-order index and stop at the 16th match. Either way an index, never a table scan.
      const rows = await catalogue!.explain(queries.rows, { search: true });
      expect(rows).toMatch(/casino_games_name_trgm_idx|casino_games_order_idx/);
      expect(rows).not.toMatch(/Seq Scan on casino_games/);
    },
  );

  it('finds a rare term through the trigram index', async () => {
    const queries = gamesListQueries(catalogue!.db, { ...page, source: CATALOGUE, search: 'Kraken Chalice' }, null);
    expect(await catalogue!.explain(queries.rows, { search: true })).toContain('casino_games_name_trgm_idx');
  });

  it('finds a one- or two-letter term from the start of the name through the prefix index', async () => {
    const queries = gamesListQueries(catalogue!.db, { ...page, source: CATALOGUE, search: 'ja' }, null);
    const plan = await catalogue!.explain(queries.count, { search: true });
    expect(plan).toContain('casino_games_name_prefix_idx');
    expect(plan).not.toMatch(/Seq Scan on casino_games/);
  });

  it('answers correct results: every row contains the term, and the count matches', async () => {
    const queries = gamesListQueries(catalogue!.db, { page: 1, limit: 100, source: CATALOGUE, search: 'Kraken' }, null);
    const [rows, [total]] = await Promise.all([queries.rows, queries.count]);
    expect(total!.count).toBeGreaterThan(0);
    expect(rows.length).toBe(Math.min(total!.count, 100));
    expect(rows.every((row) => row.name.toLowerCase().includes('kraken'))).toBe(true);
  });

  it('reads a sub-category page through its ordering index', async () => {
    const queries = gamesListQueries(
      catalogue!.db,
      { ...page, source: { kind: 'subCategory', subCategoryId: catalogue!.subCategoryId } },
      null,
    );
    const plan = await catalogue!.explain(queries.rows);
    expect(plan).toMatch(/casino_sub_category_games_(order_idx|pkey)/);
    expect(plan).not.toMatch(/Seq Scan on casino_sub_category_games/);
  });

  it('reads the All Games page through the lobby-order index', async () => {
    const queries = gamesListQueries(catalogue!.db, { ...page, source: CATALOGUE }, null);
    const plan = await catalogue!.explain(queries.rows);
    expect(plan).toContain('casino_games_order_idx');
  });
});
