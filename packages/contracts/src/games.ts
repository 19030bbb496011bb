import { z } from 'zod';
import { dateRangeMessages, dateRangeOrdered } from './date-range.js';
import { coinTypes, GAMES_PAGE_SIZE, HISTORY_PAGE_SIZE } from './constants.js';
import { gameKinds } from './game-constants.js';
import { roundSeedsSchema } from './provably-fair.js';

export * from './game-constants.js';

/**
 * The games lobby and its calls (seed 000 sections 2, 3 and 7; seed 001 'Bet History'). Field
 * names are the seeds' (masterCasinoGameId, FavoriteGames, name.EN, subCategoryGames, providers,
 * the bet row's snake_case fields); amounts are decimals with at most two places.
 */

/** Page numbers start at 1. */
const pageField = z.coerce.number().int().min(1).default(1);
const searchField = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => (value ? value : undefined));
const idField = z.coerce.number().int().positive().max(2_147_483_647);
/** An optional id of a query string: the seed's client sends `providerId=` for no provider, so empty is absent. */
const optionalIdField = z
  .union([z.literal(''), idField])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

// ---------------------------------------------------------------- requests

/** GET /casino-games (seed 000 section 7: subCategoryName, search, limit 16, page). */
export const gamesListQuerySchema = z.object({
  subCategoryName: searchField,
  search: searchField,
  providerId: idField.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(GAMES_PAGE_SIZE),
  page: pageField,
});

/** GET /casino-games/sub-category (search, providerId). */
export const subCategoryQuerySchema = z.object({
  search: searchField,
  providerId: optionalIdField,
});

/** GET /casino-games/favorite and /recently-played (limit, page and search). */
export const playerGamesQuerySchema = z.object({
  search: searchField,
  limit: z.coerce.number().int().min(1).max(100).default(GAMES_PAGE_SIZE),
  page: pageField,
});

/** POST /casino-games/favorite: request is the new state (true = favourite). */
export const favoriteBodySchema = z.object({
  request: z.boolean(),
  gameId: idField,
});

/** POST /casino-games/launch-game (seed 000 section 7: coin, gameId integer, isDemo false, isMobile). */
export const launchGameBodySchema = z.object({
  coin: z.enum(coinTypes),
  gameId: idField,
  isDemo: z.boolean().default(false),
  isMobile: z.boolean().default(false),
});

const dateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'Please enter a valid date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Please enter a valid date (YYYY-MM-DD)')
  .optional();

/**
 * GET /casino-games/bets (seed 001 section 7: page, limit default 10, startDate, endDate,
 * coinType SC or GC). A date without a time is a whole UTC day: startDate from its start,
 * endDate up to its end.
 */
export const betHistoryQuerySchema = z
  .object({
    page: pageField,
    limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
    startDate: dateField,
    endDate: dateField,
    coinType: z.enum(coinTypes).optional(),
  })
  .refine(dateRangeOrdered, { path: ['startDate'], message: dateRangeMessages.startAfterEnd });

// ---------------------------------------------------------------- responses

/** A game tile (seed 000 section 3 'Game'). */
export const gameSchema = z.object({
  masterCasinoGameId: z.number().int(),
  name: z.string(),
  /** The game's code on its game server (the in-house title id). */
  identifier: z.string(),
  /** The provider's name. */
  brand: z.string(),
  masterCasinoProviderId: z.number().int(),
  imageUrl: z.string(),
  gameType: z.enum(gameKinds),
  /** The seed's favourite flag; always false for visitors. */
  FavoriteGames: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

export const gamesPageSchema = z.object({ rows: z.array(gameSchema), count: z.number().int() });
export type GamesPage = z.infer<typeof gamesPageSchema>;

/** A sub-category (seed 000 section 3: name.EN, imageUrl, isFeatured, subCategoryGames). */
export const subCategorySchema = z.object({
  masterGameSubCategoryId: z.number().int(),
  name: z.object({ EN: z.string() }),
  imageUrl: z.string(),
  isFeatured: z.boolean(),
  /** How many games match (subCategoryGames holds at most one page of them). */
  gamesCount: z.number().int(),
  subCategoryGames: z.array(gameSchema),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

export const subCategoryListSchema = z.object({ rows: z.array(subCategorySchema), count: z.number().int() });
export type SubCategoryList = z.infer<typeof subCategoryListSchema>;

/** A provider (seed 000 section 3; list key providers). */
export const providerSchema = z.object({
  masterCasinoProviderId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  thumbnailUrl: z.string(),
  masterGameAggregatorId: z.number().int(),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerListSchema = z.object({ providers: z.array(providerSchema) });

/** POST /casino-games/favorite answer: the state now stored. */
export const favoriteResultSchema = z.object({ gameId: z.number().int(), isFavorite: z.boolean() });

/** Game-launch response (seed 000 section 3: success, message, gameUrl, isFavorite). */
export const launchGameResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  gameUrl: z.string(),
  isFavorite: z.boolean(),
  /** The game's name, for the frame's title. */
  gameName: z.string(),
});
export type LaunchGameResult = z.infer<typeof launchGameResultSchema>;

/**
 * A bet history row (seed 001 section 3 'Bet transaction row'); game_id is the round's bet id.
 * roundId (not in the seed) is the round number the game showed the player: for the in-house games
 * the game server's round id, the `roundId` it sent to the wallet.
 */
export const betHistoryRowSchema = z.object({
  game_id: z.number().int(),
  roundId: z.string(),
  created_at: z.string(),
  /** The game's name. */
  game_identifier: z.string(),
  bet_amount: z.number(),
  win_amount: z.number(),
  coinType: z.enum(coinTypes),
  masterCasinoGameId: z.number().int(),
  /** An in-house round's provably fair seeds and its title (`game`); the server seed only once its pair was rotated. */
  seeds: roundSeedsSchema.extend({ game: z.string() }).nullable(),
});
export type BetHistoryRow = z.infer<typeof betHistoryRowSchema>;

export const betHistoryPageSchema = z.object({ rows: z.array(betHistoryRowSchema), count: z.number().int() });

// ---------------------------------------------------------------- live winners

/**
 * A win (seed 000 section 3 'Winner': amount, currency; plus the masked name and game). The
 * seed's userId is left out: anyone may listen, and a player's internal id is not theirs to
 * learn; the masked name identifies the winner.
 */
export const liveWinnerSchema = z.object({
  /** Masked: never the full user name of another player. */
  username: z.string(),
  amount: z.number(),
  currency: z.enum(coinTypes),
  gameName: z.string(),
  masterCasinoGameId: z.number().int(),
  createdAt: z.string(),
});
export type LiveWinner = z.infer<typeof liveWinnerSchema>;

/** GET /casino-games/live-winners and the LIVE_GAME_WINNERS payload: newest first, at most 10. */
export const liveWinnersSchema = z.object({ rows: z.array(liveWinnerSchema), count: z.number().int() });
export type LiveWinners = z.infer<typeof liveWinnersSchema>;
