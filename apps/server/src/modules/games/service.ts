import { GAMES_PAGE_SIZE } from '@casino/contracts/constants';
import {
  ALL_GAMES,
  gameTexts,
  type BetHistoryRow,
  type Game,
  type LaunchGameResult,
  type Provider,
  type SubCategory,
} from '@casino/contracts/games';
import { fromHundredths } from '@casino/contracts/money';
import { and, asc, count, desc, eq, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database, DbExecutor } from '../../db/client.js';
import {
  casinoBets,
  casinoFavoriteGames,
  casinoGames,
  casinoProviders,
  casinoRecentGames,
  casinoSubCategories,
  casinoSubCategoryGames,
} from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Coin } from '../../ledger/types.js';
import { inHouseGameUrl } from '../../rgs/launcher.js';
import { IN_HOUSE_AGGREGATOR_ID } from './catalogue-data.js';

/**
 * The games lobby (issue 5 point 2, seed 000 sections 2-4 and 7, seed 001 'Bet History'): the
 * catalogue with paging, search and filters, favourites, recently played, launch and bet history.
 * Every list is read through an index (migrations 0030 and 0031).
 */
export interface Paging {
  page: number;
  limit: number;
}

export interface GamesService {
  list(
    input: Paging & { subCategoryName?: string | undefined; search?: string | undefined; providerId?: number | undefined },
    viewerId: number | null,
  ): Promise<{ rows: Game[]; count: number }>;
  subCategories(
    input: { search?: string | undefined; providerId?: number | undefined },
    viewerId: number | null,
  ): Promise<{ rows: SubCategory[]; count: number }>;
  providers(): Promise<Provider[]>;
  favorites(userId: number, input: Paging & { search?: string | undefined }): Promise<{ rows: Game[]; count: number }>;
  setFavorite(userId: number, gameId: number, favorite: boolean): Promise<{ gameId: number; isFavorite: boolean }>;
  recentlyPlayed(userId: number, input: Paging & { search?: string | undefined }): Promise<{ rows: Game[]; count: number }>;
  launch(
    player: { id: number; sessionId: number },
    input: { coin: Coin; gameId: number; isDemo: boolean; isMobile: boolean },
  ): Promise<LaunchGameResult>;
  betHistory(
    userId: number,
    input: Paging & { startDate?: string | undefined; endDate?: string | undefined; coinType?: Coin | undefined },
  ): Promise<{ rows: BetHistoryRow[]; count: number }>;
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

function offsetOf({ page, limit }: Paging): number {
  return (page - 1) * limit;
}

/** 'YYYY-MM-DD' is a whole UTC day: from its start, or up to its end (exclusive next midnight). */
function dayBound(value: string, edge: 'start' | 'end'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return edge === 'start' ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000);
  }
  return new Date(value);
}

/**
 * The planner's price of a random page read while searching. The catalogue is small and stays in
 * memory (PGlite keeps the whole database there), so a random read costs about what a sequential
 * one does; at PostgreSQL's default of 4 the planner prefers to scan every game over the trigram
 * index for a common term. Applied only to search queries, in their own transaction (SET LOCAL).
 */
export const SEARCH_RANDOM_PAGE_COST = 1.1;

export function withSearchPlanner<T>(db: Database, work: (tx: DbExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local random_page_cost = ${SEARCH_RANDOM_PAGE_COST}`));
    return work(tx);
  });
}

/**
 * The two queries of GET /casino-games (a page of games, and how many match), exposed so that the
 * search benchmark and the plan test examine exactly what the lobby runs.
 */
export function gamesListQueries(
  db: DbExecutor,
  input: Paging & { subCategoryId: number | null; search?: string | undefined; providerId?: number | undefined },
  viewerId: number | null,
) {
  const filters = and(
    playable,
    input.providerId === undefined ? undefined : eq(casinoGames.providerId, input.providerId),
    input.search ? gameSearchCondition(input.search) : undefined,
  );
  if (input.subCategoryId !== null) {
    const where = and(eq(casinoSubCategoryGames.subCategoryId, input.subCategoryId), filters);
    return {
      rows: db
        .select(gameColumns(viewerId))
        .from(casinoSubCategoryGames)
        .innerJoin(casinoGames, eq(casinoGames.id, casinoSubCategoryGames.gameId))
        .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
        .where(where)
        .orderBy(asc(casinoSubCategoryGames.orderId), asc(casinoGames.id))
        .limit(input.limit)
        .offset(offsetOf(input)),
      count: db
        .select({ count: count() })
        .from(casinoSubCategoryGames)
        .innerJoin(casinoGames, eq(casinoGames.id, casinoSubCategoryGames.gameId))
        .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
        .where(where),
    };
  }
  return {
    rows: db
      .select(gameColumns(viewerId))
      .from(casinoGames)
      .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
      .where(filters)
      .orderBy(asc(casinoGames.orderId), asc(casinoGames.id))
      .limit(input.limit)
      .offset(offsetOf(input)),
    count: db
      .select({ count: count() })
      .from(casinoGames)
      .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
      .where(filters),
  };
}

export function createGamesService(db: Database, config: Config): GamesService {
  async function requirePlayableGame(gameId: number) {
    const [game] = await db
      .select({
        id: casinoGames.id,
        identifier: casinoGames.identifier,
        name: casinoGames.name,
        aggregatorId: casinoProviders.aggregatorId,
      })
      .from(casinoGames)
      .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
      .where(and(eq(casinoGames.id, gameId), playable));
    if (!game) throw new AppError('GameNotFound');
    return game;
  }

  async function isFavorite(userId: number, gameId: number): Promise<boolean> {
    const [row] = await db
      .select({ gameId: casinoFavoriteGames.gameId })
      .from(casinoFavoriteGames)
      .where(and(eq(casinoFavoriteGames.userId, userId), eq(casinoFavoriteGames.gameId, gameId)));
    return row !== undefined;
  }

  return {
    async list(input, viewerId) {
      let subCategoryId: number | null = null;
      const name = input.subCategoryName;
      if (name && name.toLowerCase() !== ALL_GAMES.toLowerCase()) {
        const [subCategory] = await db
          .select({ id: casinoSubCategories.id })
          .from(casinoSubCategories)
          .where(and(sql`lower(${casinoSubCategories.name}) = ${name.toLowerCase()}`, eq(casinoSubCategories.isActive, true)));
        if (!subCategory) return { rows: [], count: 0 };
        subCategoryId = subCategory.id;
      }
      const run = async (executor: DbExecutor) => {
        const queries = gamesListQueries(executor, { ...input, subCategoryId }, viewerId);
        const [rows, [total]] = await Promise.all([queries.rows, queries.count]);
        return { rows, count: total?.count ?? 0 };
      };
      return input.search ? withSearchPlanner(db, run) : run(db);
    },

    async subCategories(input, viewerId) {
      const categories = await db
        .select()
        .from(casinoSubCategories)
        .where(eq(casinoSubCategories.isActive, true))
        .orderBy(asc(casinoSubCategories.orderId), asc(casinoSubCategories.id));
      // The first page of each sub-category's games and how many match, in one query.
      const readGames = async (executor: DbExecutor) => {
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
          .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
          .where(
            and(
              playable,
              input.providerId === undefined ? undefined : eq(casinoGames.providerId, input.providerId),
              input.search ? gameSearchCondition(input.search) : undefined,
            ),
          )
          .as('ranked');
        return executor.select().from(ranked).where(lte(ranked.rank, GAMES_PAGE_SIZE)).orderBy(asc(ranked.subCategoryId), asc(ranked.rank));
      };
      const games = input.search ? await withSearchPlanner(db, readGames) : await readGames(db);
      const filtering = Boolean(input.search) || input.providerId !== undefined;
      const rows = categories
        .map((category): SubCategory => {
          const own = games.filter((game) => game.subCategoryId === category.id);
          return {
            masterGameSubCategoryId: category.id,
            name: { EN: category.name },
            imageUrl: category.imageUrl,
            isFeatured: category.isFeatured,
            gamesCount: own[0]?.total ?? 0,
            subCategoryGames: own.map((game) => ({
              masterCasinoGameId: game.masterCasinoGameId,
              name: game.name,
              identifier: game.identifier,
              brand: game.brand,
              masterCasinoProviderId: game.masterCasinoProviderId,
              imageUrl: game.imageUrl,
              gameType: game.gameType,
              FavoriteGames: game.FavoriteGames,
            })),
          };
        })
        // While searching or filtering, a sub-category without a match is left out.
        .filter((category) => !filtering || category.gamesCount > 0);
      return { rows, count: rows.length };
    },

    async providers() {
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

    async favorites(userId, input) {
      const where = and(eq(casinoFavoriteGames.userId, userId), playable, input.search ? gameSearchCondition(input.search) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select(gameColumns(userId))
          .from(casinoFavoriteGames)
          .innerJoin(casinoGames, eq(casinoGames.id, casinoFavoriteGames.gameId))
          .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
          .where(where)
          .orderBy(desc(casinoFavoriteGames.createdAt), asc(casinoFavoriteGames.gameId))
          .limit(input.limit)
          .offset(offsetOf(input)),
        db
          .select({ count: count() })
          .from(casinoFavoriteGames)
          .innerJoin(casinoGames, eq(casinoGames.id, casinoFavoriteGames.gameId))
          .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
          .where(where),
      ]);
      return { rows, count: total?.count ?? 0 };
    },

    async setFavorite(userId, gameId, favorite) {
      await requirePlayableGame(gameId);
      if (favorite) {
        await db.insert(casinoFavoriteGames).values({ userId, gameId }).onConflictDoNothing();
      } else {
        await db.delete(casinoFavoriteGames).where(and(eq(casinoFavoriteGames.userId, userId), eq(casinoFavoriteGames.gameId, gameId)));
      }
      return { gameId, isFavorite: favorite };
    },

    async recentlyPlayed(userId, input) {
      const where = and(eq(casinoRecentGames.userId, userId), playable, input.search ? gameSearchCondition(input.search) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select(gameColumns(userId))
          .from(casinoRecentGames)
          .innerJoin(casinoGames, eq(casinoGames.id, casinoRecentGames.gameId))
          .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
          .where(where)
          .orderBy(desc(casinoRecentGames.lastPlayedAt), asc(casinoRecentGames.gameId))
          .limit(input.limit)
          .offset(offsetOf(input)),
        db
          .select({ count: count() })
          .from(casinoRecentGames)
          .innerJoin(casinoGames, eq(casinoGames.id, casinoRecentGames.gameId))
          .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
          .where(where),
      ]);
      return { rows, count: total?.count ?? 0 };
    },

    async launch(player, input) {
      const userId = player.id;
      // Every game is played for GC or SC; there is no free demo mode (issue 5 point 2).
      if (input.isDemo) throw new AppError('DemoPlayNotAvailable');
      const game = await requirePlayableGame(input.gameId);
      if (game.aggregatorId !== IN_HOUSE_AGGREGATOR_ID) throw new AppError('GameNotFound');
      // The game page is responsive and touch-ready, so isMobile needs no other page.
      return {
        success: true,
        message: gameTexts.gameLaunched,
        gameUrl: inHouseGameUrl(config.gameServerSecret, {
          userId,
          sessionId: player.sessionId,
          gameId: game.id,
          identifier: game.identifier,
          coin: input.coin,
        }),
        isFavorite: await isFavorite(userId, game.id),
        gameName: game.name,
      };
    },

    async betHistory(userId, input) {
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
            createdAt: casinoBets.createdAt,
            gameName: casinoGames.name,
            gameId: casinoGames.id,
            betAmount: casinoBets.betAmount,
            winAmount: casinoBets.winAmount,
            coin: casinoBets.coin,
          })
          .from(casinoBets)
          .innerJoin(casinoGames, eq(casinoGames.id, casinoBets.gameId))
          .where(where)
          .orderBy(desc(casinoBets.createdAt), desc(casinoBets.id))
          .limit(input.limit)
          .offset(offsetOf(input)),
        db.select({ count: count() }).from(casinoBets).where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          game_id: row.id,
          created_at: row.createdAt.toISOString(),
          game_identifier: row.gameName,
          bet_amount: fromHundredths(row.betAmount),
          win_amount: fromHundredths(row.winAmount),
          coinType: row.coin,
          masterCasinoGameId: row.gameId,
        })),
        count: total?.count ?? 0,
      };
    },
  };
}
