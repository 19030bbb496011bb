import { GAMES_PAGE_SIZE } from '@casino/contracts/constants';
import type { Game, Provider } from '@casino/contracts/games';
import { and, asc, count, desc, eq, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import {
  casinoBets,
  casinoFavoriteGames,
  casinoGames,
  casinoProviders,
  casinoRecentGames,
  casinoSubCategories,
  casinoSubCategoryGames,
  rgsRounds,
  rgsSeedPairs,
} from '../../db/schema/index.js';
import type { Coin } from '../../money/ledger/types.js';

/**
 * The games module's queries, each written once (docs/ARCHITECTURE.md 'Data layer'): the service holds the
 * rules (All Games, an unknown sub-category, demo play), the routes hold HTTP. Every list of games
 * (the catalogue, a sub-category, favourites, recently played) is one query builder with one filter
 * and one page/count pair, read through an index (migrations 0030 and 0031).
 */
export interface Paging {
  page: number;
  limit: number;
}

/** Where a list of games comes from; each source brings its own order. */
export type GameListSource =
  | { kind: 'catalogue' }
  | { kind: 'subCategory'; subCategoryId: number }
  | { kind: 'favorites'; userId: number }
  | { kind: 'recentlyPlayed'; userId: number };

export interface GameFilters {
  search?: string | undefined;
  providerId?: number | undefined;
}

/** Escapes LIKE's wildcards so that a search for "50%" means the characters "50%". */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * "Name contains" for three characters or more, answered by the trigram index; a shorter term
 * matches the start of the name through the lower(name) pattern index (a trigram needs three).
 */
export function gameSearchCondition(search: string): SQL {
  const term = likeEscape(search.trim());
  if (search.trim().length >= 3) return sql`${casinoGames.name} ilike ${`%${term}%`}`;
  return sql`lower(${casinoGames.name}) like ${`${term.toLowerCase()}%`}`;
}

function favoriteFlag(viewerId: number | null): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${casinoFavoriteGames} where ${casinoFavoriteGames.userId} = ${viewerId} and ${casinoFavoriteGames.gameId} = ${casinoGames.id})`;
}

/** A game tile's columns (contracts `Game`), with the viewer's favourite flag. */
function gameColumns(viewerId: number | null) {
  return {
    masterCasinoGameId: casinoGames.id,
    name: casinoGames.name,
    identifier: casinoGames.identifier,
    brand: sql<string>`${casinoProviders.name}`.as('brand'),
    masterCasinoProviderId: sql<number>`${casinoProviders.id}`.mapWith(Number).as('provider_id'),
    imageUrl: casinoGames.imageUrl,
    gameType: casinoGames.gameType,
    FavoriteGames: favoriteFlag(viewerId).mapWith(Boolean).as('favorite'),
  };
}

/** A game shown to players: active, and its studio active. */
const playable = and(eq(casinoGames.isActive, true), eq(casinoProviders.isActive, true));
const studioOfGame = eq(casinoProviders.id, casinoGames.providerId);

function filterConditions(filters: GameFilters): SQL | undefined {
  return and(
    playable,
    filters.providerId === undefined ? undefined : eq(casinoGames.providerId, filters.providerId),
    filters.search ? gameSearchCondition(filters.search) : undefined,
  );
}

function offsetOf({ page, limit }: Paging): number {
  return (page - 1) * limit;
}

const sourceTables = {
  subCategory: casinoSubCategoryGames,
  favorites: casinoFavoriteGames,
  recentlyPlayed: casinoRecentGames,
} as const;

/**
 * The tables a list reads: the catalogue starts from the games; the other sources start from their
 * own table (whose index gives their order) and join the game and its studio. Drizzle types a
 * builder by its FROM table, so the two shapes are two builders; their rows are the same.
 */
function tilesFrom(db: DbExecutor, viewerId: number | null, source: GameListSource) {
  const fields = gameColumns(viewerId);
  if (source.kind === 'catalogue') return db.select(fields).from(casinoGames).innerJoin(casinoProviders, studioOfGame).$dynamic();
  const table = sourceTables[source.kind];
  return db
    .select(fields)
    .from(table)
    .innerJoin(casinoGames, eq(casinoGames.id, table.gameId))
    .innerJoin(casinoProviders, studioOfGame)
    .$dynamic();
}

function countFrom(db: DbExecutor, source: GameListSource) {
  const fields = { count: count() };
  if (source.kind === 'catalogue') return db.select(fields).from(casinoGames).innerJoin(casinoProviders, studioOfGame).$dynamic();
  const table = sourceTables[source.kind];
  return db
    .select(fields)
    .from(table)
    .innerJoin(casinoGames, eq(casinoGames.id, table.gameId))
    .innerJoin(casinoProviders, studioOfGame)
    .$dynamic();
}

function sourceCondition(source: GameListSource): SQL | undefined {
  switch (source.kind) {
    case 'catalogue':
      return undefined;
    case 'subCategory':
      return eq(casinoSubCategoryGames.subCategoryId, source.subCategoryId);
    case 'favorites':
      return eq(casinoFavoriteGames.userId, source.userId);
    case 'recentlyPlayed':
      return eq(casinoRecentGames.userId, source.userId);
  }
}

function sourceOrder(source: GameListSource): SQL[] {
  switch (source.kind) {
    case 'catalogue':
      return [asc(casinoGames.orderId), asc(casinoGames.id)];
    case 'subCategory':
      return [asc(casinoSubCategoryGames.orderId), asc(casinoGames.id)];
    case 'favorites':
      return [desc(casinoFavoriteGames.createdAt), asc(casinoFavoriteGames.gameId)];
    case 'recentlyPlayed':
      return [desc(casinoRecentGames.lastPlayedAt), asc(casinoRecentGames.gameId)];
  }
}

/**
 * The two queries of every games list (a page of games, and how many match), exposed so that the
 * search benchmark and the plan test examine exactly what the endpoints run.
 */
export function gamesListQueries(db: DbExecutor, input: Paging & GameFilters & { source: GameListSource }, viewerId: number | null) {
  const where = and(sourceCondition(input.source), filterConditions(input));
  return {
    rows: tilesFrom(db, viewerId, input.source)
      .where(where)
      .orderBy(...sourceOrder(input.source))
      .limit(input.limit)
      .offset(offsetOf(input)),
    count: countFrom(db, input.source).where(where),
  };
}

/** Set once per database connection (db/client.ts); kept here for the search plan fixture. */
export { RANDOM_PAGE_COST as SEARCH_RANDOM_PAGE_COST } from '../../db/client.js';

/** 'YYYY-MM-DD' is a whole UTC day: from its start, or up to its end (exclusive next midnight). */
function dayBound(value: string, edge: 'start' | 'end'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return edge === 'start' ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000);
  }
  return new Date(value);
}

export interface BetHistoryFilters {
  startDate?: string | undefined;
  endDate?: string | undefined;
  coinType?: Coin | undefined;
}

export function createGamesRepository(db: Database) {
  return {
    /** A page of games from a source, filtered, and how many match. */
    async gamesPage(
      input: Paging & GameFilters & { source: GameListSource },
      viewerId: number | null,
    ): Promise<{ rows: Game[]; count: number }> {
      const run = async (executor: DbExecutor) => {
        const queries = gamesListQueries(executor, input, viewerId);
        const [rows, [total]] = await Promise.all([queries.rows, queries.count]);
        return { rows, count: total?.count ?? 0 };
      };
      return run(db);
    },

    /** An active sub-category by name, ignoring case. */
    async findSubCategoryIdByName(name: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: casinoSubCategories.id })
        .from(casinoSubCategories)
        .where(and(sql`lower(${casinoSubCategories.name}) = ${name.toLowerCase()}`, eq(casinoSubCategories.isActive, true)));
      return row?.id;
    },

    activeSubCategories() {
      return db
        .select()
        .from(casinoSubCategories)
        .where(eq(casinoSubCategories.isActive, true))
        .orderBy(asc(casinoSubCategories.orderId), asc(casinoSubCategories.id));
    },

    /** The first page of each sub-category's matching games and how many match, in one query. */
    async firstGamesOfEachSubCategory(filters: GameFilters, viewerId: number | null) {
      const read = async (executor: DbExecutor) => {
        const ranked = executor
          .select({
            subCategoryId: sql<number>`${casinoSubCategoryGames.subCategoryId}`.mapWith(Number).as('sub_category_id'),
            ...gameColumns(viewerId),
            rank: sql<number>`row_number() over (partition by ${casinoSubCategoryGames.subCategoryId} order by ${casinoSubCategoryGames.orderId}, ${casinoGames.id})`
              .mapWith(Number)
              .as('rank'),
            total: sql<number>`count(*) over (partition by ${casinoSubCategoryGames.subCategoryId})`.mapWith(Number).as('total'),
          })
          .from(casinoSubCategoryGames)
          .innerJoin(casinoGames, eq(casinoGames.id, casinoSubCategoryGames.gameId))
          .innerJoin(casinoProviders, studioOfGame)
          .where(filterConditions(filters))
          .as('ranked');
        return executor.select().from(ranked).where(lte(ranked.rank, GAMES_PAGE_SIZE)).orderBy(asc(ranked.subCategoryId), asc(ranked.rank));
      };
      return read(db);
    },

    async activeProviders(): Promise<Provider[]> {
      const rows = await db
        .select()
        .from(casinoProviders)
        .where(eq(casinoProviders.isActive, true))
        .orderBy(asc(casinoProviders.orderId), asc(casinoProviders.id));
      return rows.map((row) => ({
        masterCasinoProviderId: row.id,
        name: row.name,
        isActive: row.isActive,
        thumbnailUrl: row.thumbnailUrl,
        masterGameAggregatorId: row.aggregatorId,
      }));
    },

    /** A game players may open (active, studio active), with what launching needs. */
    async findPlayableGame(gameId: number) {
      const [game] = await db
        .select({
          id: casinoGames.id,
          identifier: casinoGames.identifier,
          name: casinoGames.name,
          aggregatorId: casinoProviders.aggregatorId,
        })
        .from(casinoGames)
        .innerJoin(casinoProviders, studioOfGame)
        .where(and(eq(casinoGames.id, gameId), playable));
      return game;
    },

    /** The ids of a player's favourite games (casino_favorite_games' primary key, user first). */
    async favoriteIds(userId: number): Promise<Set<number>> {
      const rows = await db
        .select({ gameId: casinoFavoriteGames.gameId })
        .from(casinoFavoriteGames)
        .where(eq(casinoFavoriteGames.userId, userId));
      return new Set(rows.map((row) => row.gameId));
    },

    async isFavorite(userId: number, gameId: number): Promise<boolean> {
      const [row] = await db
        .select({ gameId: casinoFavoriteGames.gameId })
        .from(casinoFavoriteGames)
        .where(and(eq(casinoFavoriteGames.userId, userId), eq(casinoFavoriteGames.gameId, gameId)));
      return row !== undefined;
    },

    async addFavorite(userId: number, gameId: number): Promise<void> {
      await db.insert(casinoFavoriteGames).values({ userId, gameId }).onConflictDoNothing();
    },

    async removeFavorite(userId: number, gameId: number): Promise<void> {
      await db.delete(casinoFavoriteGames).where(and(eq(casinoFavoriteGames.userId, userId), eq(casinoFavoriteGames.gameId, gameId)));
    },

    /** A player's bets, newest first, rolled-back ones left out; dates are whole UTC days. */
    async betsPage(userId: number, input: Paging & BetHistoryFilters) {
      const where = and(
        eq(casinoBets.userId, userId),
        ne(casinoBets.status, 'rolled_back'),
        input.coinType ? eq(casinoBets.coin, input.coinType) : undefined,
        input.startDate ? gte(casinoBets.createdAt, dayBound(input.startDate, 'start')) : undefined,
        input.endDate ? lt(casinoBets.createdAt, dayBound(input.endDate, 'end')) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: casinoBets.id,
            roundId: casinoBets.roundId,
            createdAt: casinoBets.createdAt,
            gameName: casinoGames.name,
            gameId: casinoGames.id,
            betAmount: casinoBets.betAmount,
            winAmount: casinoBets.winAmount,
            coin: casinoBets.coin,
            // An in-house round's seeds (docs/decisions/070): its pair, the server seed once revealed.
            titleId: rgsRounds.titleId,
            nonce: rgsRounds.nonce,
            pair: {
              id: rgsSeedPairs.id,
              serverSeedHash: rgsSeedPairs.serverSeedHash,
              serverSeed: sql<string | null>`case when ${rgsSeedPairs.revealedAt} is not null then ${rgsSeedPairs.serverSeed} end`,
              clientSeed: rgsSeedPairs.clientSeed,
            },
          })
          .from(casinoBets)
          .innerJoin(casinoGames, eq(casinoGames.id, casinoBets.gameId))
          // The game server's round of this bet, by its primary key (the wallet's round id is its id, as text).
          .leftJoin(
            rgsRounds,
            and(
              eq(rgsRounds.id, sql`case when ${casinoBets.roundId} ~ '^[0-9]{1,18}$' then ${casinoBets.roundId}::bigint end`),
              eq(rgsRounds.userId, casinoBets.userId),
              eq(rgsRounds.casinoGameId, casinoBets.gameId),
            ),
          )
          .leftJoin(rgsSeedPairs, eq(rgsSeedPairs.id, rgsRounds.seedPairId))
          .where(where)
          .orderBy(desc(casinoBets.createdAt), desc(casinoBets.id))
          .limit(input.limit)
          .offset(offsetOf(input)),
        db.select({ count: count() }).from(casinoBets).where(where),
      ]);
      return { rows, count: total?.count ?? 0 };
    },
  };
}
