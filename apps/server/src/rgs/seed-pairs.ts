import { createHash, createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { fairMessage, fairRng, SERVER_SEED_BYTES, type FairRng } from '@casino/contracts/game-math/fair-draw';
import type { RevealedPairsPage, RevealedSeedPair, RotateSeedsResult, SeedPair } from '@casino/contracts/provably-fair';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { statementRows, type Database } from '../db/client.js';
import { rgsSeedPairs } from '../db/schema/index.js';

/**
 * The players' provably fair seed pairs (docs/decisions/070-provably-fair.md, migration 0197).
 * A player has one current pair, made the first time it is needed: a server seed of 32 random
 * bytes, shown only as its SHA-256 until the player rotates the pair; a client seed (random
 * unless the player chose one); and the nonce of its next round. A round takes its seeds and
 * nonce in one statement that adds one to the nonce (`take`), so two rounds of a pair never share
 * a nonce, whichever process plays them. Rotating reveals the pair's server seed and makes a new
 * pair. Only `take` ever reads a current pair's server seed, for the round's draw: no answer of
 * this service carries one before its pair was revealed.
 */
export interface SeedPairService {
  /** The seeds and nonce of the player's next round, the nonce taken (one statement). */
  take(userId: number): Promise<TakenSeeds>;
  /** The player's current pair (made now if they have none). */
  current(userId: number): Promise<SeedPair>;
  /** Reveals the current pair and starts a new one, with `clientSeed` or the current client seed. */
  rotate(userId: number, clientSeed?: string): Promise<RotateSeedsResult>;
  /** The player's revealed pairs, newest first. */
  revealed(userId: number, page: { page: number; limit: number }): Promise<RevealedPairsPage>;
}

/** What a round draws with: never sent anywhere while its pair is current. */
export interface TakenSeeds {
  pairId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A new server seed (hex) and its SHA-256 (hex), the hash over the seed's bytes. */
export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const bytes = randomBytes(SERVER_SEED_BYTES);
  return { serverSeed: bytes.toString('hex'), serverSeedHash: createHash('sha256').update(bytes).digest('hex') };
}

/** A new player's client seed: 10 random bytes in hex. */
export function defaultClientSeed(): string {
  return randomBytes(10).toString('hex');
}

/** The round's Rng: the fair draw over HMAC-SHA256 blocks made with node:crypto. */
export function roundRng(seeds: Pick<TakenSeeds, 'serverSeed' | 'clientSeed' | 'nonce'>): FairRng {
  // A key object once per round: HMAC with one is several times cheaper than with the raw bytes.
  const key = createSecretKey(Buffer.from(seeds.serverSeed, 'hex'));
  return fairRng((cursor) =>
    createHmac('sha256', key)
      .update(fairMessage(seeds.clientSeed, seeds.nonce, cursor))
      .digest(),
  );
}

/**
 * The round's one statement of its seeds: the current pair's nonce taken and moved on, found by
 * the partial unique index on (user_id) where revealed_at is null. It answers no row for a player
 * with no pair yet (MAKE_PAIR then makes one, its nonce 0 taken) or when a rotation revealed the
 * pair meanwhile (it is sent again: the rotation's new pair answers).
 */
const TAKE_NONCE = `update rgs_seed_pairs set next_nonce = next_nonce + 1
  where user_id = $1 and revealed_at is null
  returning id, server_seed, server_seed_hash, client_seed, next_nonce - 1 as nonce`;

/** A first pair with its nonce 0 taken; no row when another statement made the player's pair first. */
const MAKE_PAIR = `insert into rgs_seed_pairs (user_id, server_seed, server_seed_hash, client_seed, next_nonce)
  values ($1, $2, $3, $4, 1)
  on conflict (user_id) where revealed_at is null do nothing
  returning id, server_seed, server_seed_hash, client_seed, 0::bigint as nonce`;

/** The current pair, made first when the player has none (same rules as TAKE_NONCE). */
const CURRENT_PAIR = `with made as (
    insert into rgs_seed_pairs (user_id, server_seed, server_seed_hash, client_seed)
    values ($1, $2, $3, $4)
    on conflict (user_id) where revealed_at is null do nothing
    returning id, server_seed_hash, client_seed, next_nonce, created_at
  )
  select * from made
  union all
  select id, server_seed_hash, client_seed, next_nonce, created_at from rgs_seed_pairs where user_id = $1 and revealed_at is null`;

/** A statement that can find the pair changed under it is sent again at most this often. */
const ATTEMPTS = 5;

type PairRow = typeof rgsSeedPairs.$inferSelect;

function shown(row: Pick<PairRow, 'id' | 'serverSeedHash' | 'clientSeed' | 'nextNonce' | 'createdAt'>): SeedPair {
  return {
    id: row.id,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nextNonce,
    createdAt: row.createdAt.toISOString(),
  };
}

function revealedOf(row: PairRow): RevealedSeedPair {
  if (!row.revealedAt) throw new Error('a current pair was about to be shown as revealed');
  return { ...shown(row), serverSeed: row.serverSeed, revealedAt: row.revealedAt.toISOString() };
}

export function createSeedPairService(db: Database): SeedPairService {
  async function repeated<T>(attempt: () => Promise<T | undefined>): Promise<T> {
    for (let tries = 0; tries < ATTEMPTS; tries += 1) {
      const result = await attempt();
      if (result !== undefined) return result;
    }
    throw new Error('the seed pair kept changing under the statement');
  }

  async function current(userId: number): Promise<SeedPair> {
    return repeated(async () => {
      const { serverSeed, serverSeedHash } = newServerSeed();
      const [row] = await statementRows<{
        id: number | string;
        server_seed_hash: string;
        client_seed: string;
        next_nonce: number | string;
        created_at: Date | string;
      }>(db, CURRENT_PAIR, [userId, serverSeed, serverSeedHash, defaultClientSeed()]);
      return (
        row &&
        shown({
          id: Number(row.id),
          serverSeedHash: row.server_seed_hash,
          clientSeed: row.client_seed,
          nextNonce: Number(row.next_nonce),
          createdAt: new Date(row.created_at),
        })
      );
    });
  }

  return {
    take(userId) {
      return repeated(async () => {
        type Taken = { id: number | string; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number | string };
        let [row] = await statementRows<Taken>(db, TAKE_NONCE, [userId]);
        if (!row) {
          const { serverSeed, serverSeedHash } = newServerSeed();
          [row] = await statementRows<Taken>(db, MAKE_PAIR, [userId, serverSeed, serverSeedHash, defaultClientSeed()]);
        }
        return (
          row && {
            pairId: Number(row.id),
            serverSeed: row.server_seed,
            serverSeedHash: row.server_seed_hash,
            clientSeed: row.client_seed,
            nonce: Number(row.nonce),
          }
        );
      });
    },

    current,

    async rotate(userId, clientSeed) {
      await current(userId);
      return repeated(() =>
        db.transaction(async (tx) => {
          // Locks the current pair: a round taking its nonce now waits, then finds the new pair.
          const [old] = await tx
            .update(rgsSeedPairs)
            .set({ revealedAt: new Date() })
            .where(and(eq(rgsSeedPairs.userId, userId), isNull(rgsSeedPairs.revealedAt)))
            .returning();
          // Another rotation revealed it first: try again on the pair it made.
          if (!old) return undefined;
          const [next] = await tx
            .insert(rgsSeedPairs)
            .values({ userId, ...newServerSeed(), clientSeed: clientSeed ?? old.clientSeed })
            .returning();
          return { revealed: revealedOf(old), current: shown(next!) };
        }),
      );
    },

    async revealed(userId, { page, limit }) {
      const where = and(eq(rgsSeedPairs.userId, userId), isNotNull(rgsSeedPairs.revealedAt));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(rgsSeedPairs)
          .where(where)
          .orderBy(desc(rgsSeedPairs.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ count: count() }).from(rgsSeedPairs).where(where),
      ]);
      return { rows: rows.map(revealedOf), count: total?.count ?? 0 };
    },
  };
}
