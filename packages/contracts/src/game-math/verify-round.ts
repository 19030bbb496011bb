import { FairBlocksExhausted, fairMessage, fairRng, fromHex, SERVER_SEED_PATTERN, toHex } from './fair-draw.js';
import { fairGame, playProfile, type FairOutcome, type FairTitle } from './fair-games.js';

/**
 * The round verifier: draws a round again from its seeds with Web Crypto's HMAC, exactly as the
 * game server drew it (fair-draw.ts, fair-games.ts), and answers its outcome. The /provably-fair
 * page runs it in the browser and scripts/verify-round.mjs runs it in Node: neither asks our
 * server anything.
 */

/** The part of Web Crypto's SubtleCrypto the verifier uses (the browser's and Node's). */
export interface FairSubtle {
  importKey(
    format: 'raw',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: HmacSha256,
    extractable: boolean,
    keyUsages: 'sign'[],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: never, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}
interface HmacSha256 {
  name: 'HMAC';
  hash: 'SHA-256';
}

export interface FairRoundInput {
  /** The revealed server seed: 64 hex digits. */
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** A title's id (or a math profile's id). */
  game: string;
  /** The bet in hundredths; the title's smallest bet step when left out (the multiplier is the same for every bet). */
  bet?: number;
}

export interface VerifiedRound {
  title: FairTitle | null;
  profileId: string;
  /** SHA-256 of the server seed's bytes, in hex: the hash shown before the seed was played. */
  serverSeedHash: string;
  bet: number;
  outcome: FairOutcome;
  /** The round's total win over its bet. */
  multiplier: number;
  /** The HMAC blocks the draw read, in hex, block 0 first. */
  blocks: string[];
}

/** Seeds or a game the verifier cannot use; its message says what to fix. */
export class FairInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FairInputError';
  }
}

interface Utf8Encoder {
  encode(text: string): Uint8Array<ArrayBuffer>;
}
const utf8: Utf8Encoder = new (globalThis as unknown as { TextEncoder: new () => Utf8Encoder }).TextEncoder();

function defaultSubtle(): FairSubtle {
  const subtle = (globalThis as { crypto?: { subtle?: FairSubtle } }).crypto?.subtle;
  if (!subtle) throw new FairInputError('This browser has no Web Crypto: open the page over https in a current browser.');
  return subtle;
}

function serverSeedBytes(serverSeed: string): Uint8Array<ArrayBuffer> {
  if (!SERVER_SEED_PATTERN.test(serverSeed.trim())) throw new FairInputError('The server seed is 64 hex digits (0-9, a-f).');
  return new Uint8Array(fromHex(serverSeed.trim()));
}

/** Blocks [from, to) of a round: HMAC-SHA256(server seed, `${clientSeed}:${nonce}:${cursor}`). */
async function blocksOf(key: unknown, input: FairRoundInput, from: number, to: number, subtle: FairSubtle): Promise<Uint8Array[]> {
  const cursors = Array.from({ length: to - from }, (_, index) => from + index);
  return Promise.all(
    cursors.map(
      async (cursor) =>
        new Uint8Array(await subtle.sign('HMAC', key as never, utf8.encode(fairMessage(input.clientSeed, input.nonce, cursor)))),
    ),
  );
}

/** Draws the round of these seeds again and answers its outcome. */
export async function verifyRound(input: FairRoundInput, subtle: FairSubtle = defaultSubtle()): Promise<VerifiedRound> {
  const seed = serverSeedBytes(input.serverSeed);
  if (input.clientSeed.length === 0) throw new FairInputError('Enter the client seed.');
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) throw new FairInputError('The nonce is a whole number from 0.');
  const game = fairGame(input.game);
  if (!game) throw new FairInputError(`No game is called '${input.game}'.`);
  const bet = input.bet ?? game.profile.betSteps[0]!;
  if (!game.profile.betSteps.includes(bet)) throw new FairInputError(`${bet / 100} is not one of this game's bets.`);
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  // A slot round reads one block, a scratch card two: more are made only for a draw that skips words.
  const blocks = await blocksOf(key, input, 0, 2, subtle);
  for (;;) {
    const rng = fairRng((cursor) => {
      const block = blocks[cursor];
      if (!block) throw new FairBlocksExhausted(cursor);
      return block;
    });
    try {
      const outcome = playProfile(game.profile, bet, rng);
      return {
        title: game.title,
        profileId: game.profile.id,
        serverSeedHash: toHex(new Uint8Array(await subtle.digest('SHA-256', seed))),
        bet,
        outcome,
        multiplier: outcome.totalWin / bet,
        blocks: blocks.slice(0, rng.blocksUsed).map(toHex),
      };
    } catch (error) {
      if (!(error instanceof FairBlocksExhausted)) throw error;
      // A draw that skipped words needs more blocks: make twice as many and draw again.
      blocks.push(...(await blocksOf(key, input, blocks.length, blocks.length * 2, subtle)));
    }
  }
}
