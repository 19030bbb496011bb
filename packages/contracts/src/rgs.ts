import { z } from 'zod';
import { coinTypes } from './constants.js';
import { roundSeedsSchema } from './provably-fair.js';

/**
 * The in-house game server's API for its own game pages (docs/ARCHITECTURE.md 'Games'): the page opened in
 * the lobby's frame exchanges its short-lived launch token for a game session, then plays rounds.
 * Amounts are decimals with at most two places, like the rest of the API.
 */

export * from './rgs-constants.js';

export const openSessionBodySchema = z.object({ launchToken: z.string().min(16).max(2000) });

/** A symbol's name and picture: \`svg\` is a standalone SVG document (36 × 36), never an emoji character. */
const symbolArtSchema = z.object({ label: z.string(), color: z.string(), svg: z.string() });
const paletteSchema = z.object({ from: z.string(), to: z.string(), accent: z.string(), text: z.string() });

const gameInfoBase = {
  masterCasinoGameId: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  tagline: z.string(),
  palette: paletteSchema,
  volatility: z.string(),
  /** Theoretical return to player computed from the paytable (0.96 = 96%). */
  rtp: z.number(),
  betSteps: z.array(z.number()),
  defaultBet: z.number(),
};

export const slotGameInfoSchema = z.object({
  ...gameInfoBase,
  kind: z.literal('slot'),
  /** One strip per reel: the client spins these and stops exactly where the server's stops are. */
  reels: z.array(z.array(z.string())),
  paylines: z.array(z.array(z.number().int())),
  symbols: z.record(z.string(), symbolArtSchema),
  /** Line pays as multiples of the line bet for 3, 4 and 5 of a kind; scatter pays of the total bet. */
  linePays: z.record(z.string(), z.array(z.number())),
  scatterPays: z.array(z.number()).nullable(),
});

export const scratchGameInfoSchema = z.object({
  ...gameInfoBase,
  kind: z.literal('scratch'),
  symbols: z.record(z.string(), symbolArtSchema),
  /** Prize per symbol as a multiple of the bet, for the paytable. */
  prizes: z.array(z.object({ symbol: z.string(), multiplier: z.number() })),
});

export const gameInfoSchema = z.discriminatedUnion('kind', [slotGameInfoSchema, scratchGameInfoSchema]);
export type GameInfo = z.infer<typeof gameInfoSchema>;
export type SlotGameInfo = z.infer<typeof slotGameInfoSchema>;
export type ScratchGameInfo = z.infer<typeof scratchGameInfoSchema>;

export const openSessionResultSchema = z.object({
  sessionToken: z.string(),
  coin: z.enum(coinTypes),
  /** The launch coin's balance (GC, or the SC total). */
  balance: z.number(),
  game: gameInfoSchema,
});
export type OpenSessionResult = z.infer<typeof openSessionResultSchema>;

export const balanceResultSchema = z.object({ coin: z.enum(coinTypes), balance: z.number() });

/**
 * One round. requestId makes the call safe to retry: the same id in the same session returns the
 * round already played instead of playing (and paying for) another one.
 */
export const playRoundBodySchema = z.object({
  bet: z.number().positive().max(1_000_000),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8-64 letters, digits, - or _'),
});

const positionSchema = z.object({ reel: z.number().int(), row: z.number().int() });

export const slotOutcomeSchema = z.object({
  kind: z.literal('slot'),
  stops: z.array(z.number().int()),
  grid: z.array(z.array(z.string())),
  lineWins: z.array(
    z.object({
      line: z.number().int(),
      symbol: z.string(),
      count: z.number().int(),
      positions: z.array(positionSchema),
      multiplier: z.number(),
      amount: z.number(),
    }),
  ),
  scatterWin: z
    .object({ count: z.number().int(), positions: z.array(positionSchema), multiplier: z.number(), amount: z.number() })
    .nullable(),
});

export const scratchOutcomeSchema = z.object({
  kind: z.literal('scratch'),
  cells: z.array(z.string()),
  winningSymbol: z.string().nullable(),
  winningCells: z.array(z.number().int()),
  multiplier: z.number(),
});

export const roundOutcomeSchema = z.discriminatedUnion('kind', [slotOutcomeSchema, scratchOutcomeSchema]);
export type RoundOutcome = z.infer<typeof roundOutcomeSchema>;

export const roundResultSchema = z.object({
  roundId: z.number().int(),
  coin: z.enum(coinTypes),
  bet: z.number(),
  win: z.number(),
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  outcome: roundOutcomeSchema,
  /** The seeds the outcome was drawn from (null for rounds older than provably fair play). */
  seeds: roundSeedsSchema.nullable(),
  createdAt: z.string(),
});
export type RoundResult = z.infer<typeof roundResultSchema>;
