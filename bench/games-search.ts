// Game search with 5,000 games: seeds a scratch catalogue (the real migrations,
// in an in-memory PGlite; nothing touches ./data), runs the lobby's own list queries, and prints
// timings and the plans PostgreSQL chooses, showing the indexes. It prints figures; it asserts
// nothing. Run: npx tsx bench/games-search.ts [games=5000] [runs=50]
import { openScratchCatalogue } from '../apps/server/src/modules/games/search-fixture.js';
import type { DbExecutor } from '../apps/server/src/db/client.js';
import { gamesListQueries } from '../apps/server/src/modules/games/repository.js';

const games = Number(process.argv[2] ?? 5_000);
const runs = Number(process.argv[3] ?? 50);

const seedStarted = performance.now();
const catalogue = await openScratchCatalogue(games);
console.log(`seeded ${games} games in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);

type Case = { label: string; search?: string; subCategory?: boolean; providerId?: number };
const cases: Case[] = [
  { label: 'All Games, page 1' },
  { label: 'sub-category page 1', subCategory: true },
  { label: 'provider filter', providerId: 7 },
  { label: 'search "dragon"', search: 'dragon' },
  { label: 'search "gold" (common)', search: 'gold' },
  { label: 'search "megaways" (common)', search: 'megaways' },
  { label: 'search "kraken chalice" (rare)', search: 'kraken chalice' },
  { label: 'search "zzq" (no match)', search: 'zzq' },
  { label: 'search "ja" (2 letters: prefix)', search: 'ja' },
  { label: 'search "lucky" in a sub-category', search: 'lucky', subCategory: true },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const table: Record<string, unknown>[] = [];
const plans: string[] = [];
for (const c of cases) {
  const input = {
    page: 1,
    limit: 16,
    source: c.subCategory ? ({ kind: 'subCategory', subCategoryId: catalogue.subCategoryId } as const) : ({ kind: 'catalogue' } as const),
    search: c.search,
    providerId: c.providerId,
  };
  const durations: number[] = [];
  let matches = 0;
  // Exactly what GET /casino-games runs: a search runs under the service's planner settings.
  const run = (executor: DbExecutor) => {
    const queries = gamesListQueries(executor, input, null);
    return Promise.all([queries.rows, queries.count]);
  };
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const [, [total]] = await run(catalogue.db);
    durations.push(performance.now() - started);
    matches = total?.count ?? 0;
  }
  durations.sort((a, b) => a - b);
  table.push({
    query: c.label,
    matches,
    'median ms': percentile(durations, 50).toFixed(2),
    'p95 ms': percentile(durations, 95).toFixed(2),
  });
  if (c.search) {
    const queries = gamesListQueries(catalogue.db, input, null);
    plans.push(
      `--- ${c.label}: page\n${await catalogue.explain(queries.rows, { analyze: true, search: true })}`,
      `--- ${c.label}: count\n${await catalogue.explain(queries.count, { analyze: true, search: true })}`,
    );
  }
}
console.table(table);
console.log(`\n(${runs} runs each; page and count queries run together, as the API does)\n`);
console.log(plans.join('\n\n'));
await catalogue.close();
