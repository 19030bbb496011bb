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
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Coin } from '../../money/ledger/types.js';
import { inHouseGameUrl } from '../../rgs/launcher.js';
import type { CatalogueCache } from './catalogue-cache.js';
import { IN_HOUSE_AGGREGATOR_ID } from './catalogue-data.js';
import { createGamesRepository, type BetHistoryFilters, type GameFilters, type Paging } from './repository.js';

/**
 * The games lobby (seed 000 sections 2-4 and 7, seed 001 'Bet History'): the
 * catalogue with paging, search and filters, favourites, recently played, launch and bet history.
 * The rules live here; the queries in repository.ts.
 */
export type { Paging } from './repository.js';

export interface GamesService {
  list(
    input: Paging & GameFilters & { subCategoryName?: string | undefined },
    viewerId: number | null,
  ): Promise<{ rows: Game[]; count: number }>;
  subCategories(input: GameFilters, viewerId: number | null): Promise<{ rows: SubCategory[]; count: number }>;
  providers(): Promise<Provider[]>;
  favorites(userId: number, input: Paging & { search?: string | undefined }): Promise<{ rows: Game[]; count: number }>;
  setFavorite(userId: number, gameId: number, favorite: boolean): Promise<{ gameId: number; isFavorite: boolean }>;
  recentlyPlayed(userId: number, input: Paging & { search?: string | undefined }): Promise<{ rows: Game[]; count: number }>;
  launch(
    player: { id: number; sessionId: number },
    input: { coin: Coin; gameId: number; isDemo: boolean; isMobile: boolean },
  ): Promise<LaunchGameResult>;
  betHistory(userId: number, input: Paging & BetHistoryFilters): Promise<{ rows: BetHistoryRow[]; count: number }>;
  /**
   * A visitor's answer to a shared read as the text sent, kept with the cached reads
   * (docs/decisions/067): `write` serializes it once per catalogue change, not once per request. A signed-in
   * viewer's answer carries their favourites, so it is not kept.
   */
  visitorText(read: 'games' | 'sub-categories' | 'providers', input: object, write: () => Promise<string>): Promise<string>;
  /** The catalogue changed (games, studios, sub-categories): its cached reads are forgotten everywhere. */
  catalogueChanged(): Promise<void>;
}

export function createGamesService(db: Database, config: Config, cache: CatalogueCache): GamesService {
  const games = createGamesRepository(db);

  /**
   * The catalogue's shared reads come from the cache, keyed by the query; a
   * signed-in viewer's favourite flags are laid over them from one look-up of their favourites.
   */
  const cached = <T>(kind: string, input: object, load: () => Promise<T>) => cache.get(`${kind}:${JSON.stringify(input)}`, load);

  async function withFavorites<T extends { masterCasinoGameId: number; FavoriteGames: boolean }>(
    rows: T[],
    viewerId: number | null,
  ): Promise<T[]> {
    if (viewerId === null || rows.length === 0) return rows;
    const favorites = await games.favoriteIds(viewerId);
    return favorites.size === 0 ? rows : rows.map((row) => (favorites.has(row.masterCasinoGameId) ? { ...row, FavoriteGames: true } : row));
  }

  async function cataloguePage(input: Paging & GameFilters & { subCategoryName?: string | undefined }) {
    const { subCategoryName, ...filters } = input;
    // 'All Games' (any case) is the whole catalogue; an unknown sub-category has no games.
    if (!subCategoryName || subCategoryName.toLowerCase() === ALL_GAMES.toLowerCase()) {
      return games.gamesPage({ ...filters, source: { kind: 'catalogue' } }, null);
    }
    const subCategoryId = await games.findSubCategoryIdByName(subCategoryName);
    if (subCategoryId === undefined) return { rows: [], count: 0 };
    return games.gamesPage({ ...filters, source: { kind: 'subCategory', subCategoryId } }, null);
  }

  async function requirePlayableGame(gameId: number) {
    const game = await games.findPlayableGame(gameId);
    if (!game) throw new AppError('GameNotFound');
    return game;
  }

  async function sharedSubCategories(input: GameFilters): Promise<{ rows: SubCategory[]; count: number }> {
    const [categories, firstGames] = await Promise.all([games.activeSubCategories(), games.firstGamesOfEachSubCategory(input, null)]);
    const filtering = Boolean(input.search) || input.providerId !== undefined;
    const rows = categories
      .map((category): SubCategory => {
        const own = firstGames.filter((game) => game.subCategoryId === category.id);
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
  }

  return {
    async list(input, viewerId) {
      const page = await cached('games', input, () => cataloguePage(input));
      return { rows: await withFavorites(page.rows, viewerId), count: page.count };
    },

    async subCategories(input, viewerId) {
      const shared = await cached('sub-categories', input, () => sharedSubCategories(input));
      if (viewerId === null) return shared;
      const favorites = await games.favoriteIds(viewerId);
      if (favorites.size === 0) return shared;
      return {
        ...shared,
        rows: shared.rows.map((row) => ({
          ...row,
          subCategoryGames: row.subCategoryGames.map((game) =>
            favorites.has(game.masterCasinoGameId) ? { ...game, FavoriteGames: true } : game,
          ),
        })),
      };
    },

    providers: () => cached('providers', {}, () => games.activeProviders()),

    favorites: (userId, input) => games.gamesPage({ ...input, source: { kind: 'favorites', userId } }, userId),

    async setFavorite(userId, gameId, favorite) {
      await requirePlayableGame(gameId);
      if (favorite) await games.addFavorite(userId, gameId);
      else await games.removeFavorite(userId, gameId);
      return { gameId, isFavorite: favorite };
    },

    recentlyPlayed: (userId, input) => games.gamesPage({ ...input, source: { kind: 'recentlyPlayed', userId } }, userId),

    async launch(player, input) {
      const userId = player.id;
      // Every game is played for GC or SC; there is no free demo mode.
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
        isFavorite: await games.isFavorite(userId, game.id),
        gameName: game.name,
      };
    },

    visitorText: (read, input, write) => cached(`text:${read}`, input, write),

    catalogueChanged: () => cache.changed(),

    async betHistory(userId, input) {
      const page = await games.betsPage(userId, input);
      return {
        rows: page.rows.map((row) => ({
          game_id: row.id,
          // The round number the game showed: the game server's round id, as sent to the wallet.
          roundId: row.roundId,
          created_at: row.createdAt.toISOString(),
          game_identifier: row.gameName,
          bet_amount: fromHundredths(row.betAmount),
          win_amount: fromHundredths(row.winAmount),
          coinType: row.coin,
          masterCasinoGameId: row.gameId,
          seeds:
            row.pair && row.titleId !== null && row.nonce !== null
              ? {
                  game: row.titleId,
                  seedPairId: row.pair.id,
                  serverSeedHash: row.pair.serverSeedHash,
                  serverSeed: row.pair.serverSeed,
                  clientSeed: row.pair.clientSeed,
                  nonce: row.nonce,
                }
              : null,
        })),
        count: page.count,
      };
    },
  };
}
