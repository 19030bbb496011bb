import { z } from 'zod';
import { CLIENT_SEED_PATTERN, clientSeedMessage } from './provably-fair-constants.js';

/**
 * Provably fair rounds (docs/decisions/070-provably-fair.md): the player's seed pairs as the API
 * shows them, the calls that change them, and the address of a round on the /provably-fair page.
 * A server seed appears in an answer only once its pair was rotated (`revealed…` shapes); a
 * current pair shows its SHA-256 alone. The draw itself is game-math/fair-draw.ts.
 */

export * from './provably-fair-constants.js';

export const clientSeedSchema = z.string().trim().regex(CLIENT_SEED_PATTERN, clientSeedMessage);

const hashField = z.string().regex(/^[0-9a-f]{64}$/);

/** The current pair: its server seed's hash, the client seed, and the nonce its next round takes. */
export const seedPairSchema = z.object({
  id: z.number().int(),
  serverSeedHash: hashField,
  clientSeed: z.string(),
  /** The nonce of the next round (= rounds drawn with this pair so far). */
  nonce: z.number().int(),
  createdAt: z.string(),
});
export type SeedPair = z.infer<typeof seedPairSchema>;

/** A rotated pair: its server seed shown, and how many nonces it drew (0 … nonce - 1). */
export const revealedSeedPairSchema = seedPairSchema.extend({
  serverSeed: hashField,
  revealedAt: z.string(),
});
export type RevealedSeedPair = z.infer<typeof revealedSeedPairSchema>;

/** Rotate: a new server seed, and the client seed given or, without one, the current one. */
export const rotateSeedsBodySchema = z.object({ clientSeed: clientSeedSchema.optional() });
/** Change the client seed: rotates the pair with the new client seed. */
export const clientSeedBodySchema = z.object({ clientSeed: clientSeedSchema });

export const rotateSeedsResultSchema = z.object({ revealed: revealedSeedPairSchema, current: seedPairSchema });
export type RotateSeedsResult = z.infer<typeof rotateSeedsResultSchema>;

export const revealedPairsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const revealedPairsPageSchema = z.object({ rows: z.array(revealedSeedPairSchema), count: z.number().int() });
export type RevealedPairsPage = z.infer<typeof revealedPairsPageSchema>;

/** The seeds a round was drawn from; the server seed only once its pair was rotated. */
export const roundSeedsSchema = z.object({
  seedPairId: z.number().int(),
  serverSeedHash: hashField,
  serverSeed: hashField.nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type RoundSeeds = z.infer<typeof roundSeedsSchema>;
