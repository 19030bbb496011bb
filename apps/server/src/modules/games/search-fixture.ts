import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import * as schema from '../../db/schema/index.js';
import { SEARCH_RANDOM_PAGE_COST } from './repository.js';
import { SOURCE_SCHEMA } from '../../db/schema-sources.js';

/**
 * A scratch database holding a large catalogue, for the search benchmark (bench/games-search.ts)
 * and the plan test: the real migrations, `games` generated games with varied names, statistics
 * gathered. Nothing here touches the app's database.
 */

const ADJECTIVES =
  'Lucky Golden Wild Mystic Royal Cosmic Neon Frozen Burning Silent Ancient Hidden Shining Crystal Velvet Thunder Savage Sweet Electric Lunar Solar Jade Ruby Emerald Sapphire Crimson Midnight Rapid Mega Tiny Grand Brave Noble Sacred Haunted Tropical Arctic Desert Jungle Ocean Stormy Dizzy Jolly Merry Cheeky Spooky Funky Groovy Rusty Shiny Dusty Misty Fiery Icy Windy Sunny Starry'.split(
    ' ',
  );
const NOUNS =
  'Dragon Clover Pharaoh Viking Pirate Mermaid Samurai Phoenix Tiger Panda Unicorn Wizard Witch Castle Temple Jewel Diamond Fortune Treasure Cascade Bonanza Fiesta Carnival Safari Quest Voyage Empire Kingdom Legends Riches Reels Spins Sevens Bells Fruits Candy Cookies Bakery Garden Meadow Forest Lagoon Volcano Glacier Comet Galaxy Rocket Robot Ninja Cowboy Outlaw Sheriff Silver Crown Scepter Chalice Lantern Mirror Compass Anchor Kraken'.split(
    ' ',
  );
const SUFFIXES = ['', 'II', 'Deluxe', 'Megaways', 'Hold and Win', 'Xtreme', 'Gold', 'Scratch', 'Rush', 'Link'];

/** A deterministic name generator (the same catalogue on every run, so figures compare). */
function names(count: number): string[] {
  let state = 20_260_101;
  const next = (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
  const seen = new Set<string>();
  const result: string[] = [];
  while (result.length < count) {
    const parts = [ADJECTIVES[next(ADJECTIVES.length)], NOUNS[next(NOUNS.length)]];
    if (next(3) === 0) parts.push(NOUNS[next(NOUNS.length)]);
    parts.push(SUFFIXES[next(SUFFIXES.length)]);
    let name = parts.filter(Boolean).join(' ');
    if (seen.has(name)) name = `${name} ${result.length}`;
    seen.add(name);
    result.push(name);
  }
  return result;
}

export interface ScratchCatalogue {
  db: Database;
  /** The same database as a handle the app can be built on (bench/catalogue.ts). */
  handle: DatabaseHandle;
  /**
   * The plan PostgreSQL chooses for a query (EXPLAIN, or EXPLAIN ANALYZE when analyze is set),
   * under the planner settings every connection of the app has (db/client.ts).
   */
  explain(query: { toSQL(): { sql: string; params: unknown[] } }, options?: { analyze?: boolean; search?: boolean }): Promise<string>;
  /** Runs the query and returns how long it took in milliseconds. */
  time(query: PromiseLike<unknown>): Promise<number>;
  subCategoryId: number;
  close(): Promise<void>;
}

export async function openScratchCatalogue(games: number): Promise<ScratchCatalogue> {
  const client = new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  // As the app's own connections are set up (db/client.ts).
  await client.exec(`set random_page_cost = ${SEARCH_RANDOM_PAGE_COST}`);
  const db = drizzle({ client, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    withConnection: (work) => work(async (sql) => (await client.exec(sql)).at(-1)?.rows ?? []),
    ping: async () => undefined,
    close: () => client.close(),
  };
  await migrate(handle, SOURCE_SCHEMA);
  const generated = names(games);
  await client.exec(`
    insert into casino_providers (slug, name, thumbnail_url, aggregator_id)
    select 'studio-' || i, 'Studio ' || i, 'data:,', 1 from generate_series(1, 40) as i;
    insert into casino_sub_categories (slug, name, image_url, is_featured) values ('bench', 'Bench', 'data:,', true);
  `);
  const batch = 500;
  for (let start = 0; start < generated.length; start += batch) {
    const rows = generated.slice(start, start + batch);
    const values = rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(', ');
    const params = rows.flatMap((name, i) => [`game-${start + i}`, name, start + i]);
    await client.query(
      `insert into casino_games (identifier, name, provider_id, game_type, image_url, order_id)
       select v.identifier, v.name, 1 + (v.n::int % 40), case when v.n::int % 5 = 0 then 'scratch' else 'slot' end,
              '/rgs/art/' || v.identifier || '.svg', v.n::int
       from (values ${values}) as v (identifier, name, n)`,
      params,
    );
  }
  const [subCategory] = (await client.query<{ id: number }>(`select id::int as id from casino_sub_categories where slug = 'bench'`)).rows;
  await client.exec(`
    insert into casino_sub_category_games (sub_category_id, game_id, order_id)
    select ${subCategory!.id}, id, id from casino_games where id % 10 = 0;
    analyze;
  `);
  return {
    db,
    handle,
    subCategoryId: subCategory!.id,
    async explain(query, { analyze = false, search = false } = {}) {
      const { sql, params } = query.toSQL();
      const result = await client.transaction(async (tx) => {
        if (search) await tx.exec(`set local random_page_cost = ${SEARCH_RANDOM_PAGE_COST}`);
        return tx.query<{ 'QUERY PLAN': string }>(`explain ${analyze ? '(analyze, buffers off) ' : ''}${sql}`, params);
      });
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    },
    async time(query) {
      const started = performance.now();
      await query;
      return performance.now() - started;
    },
    close: () => client.close(),
  };
}
