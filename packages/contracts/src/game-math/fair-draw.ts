import { assertRngRange, type Rng } from './rng.js';

/**
 * The provably fair draw (docs/decisions/070-provably-fair.md): the Rng a round's outcome is
 * drawn from, built from the player's seed pair and the round's nonce alone, so the same seeds
 * always give the same outcome and anyone holding them can draw it again.
 *
 * - Block k (k = 0, 1, 2, …) is HMAC-SHA256 with the server seed's 32 bytes as key over the UTF-8
 *   text `${clientSeed}:${nonce}:${k}`, nonce and k in decimal.
 * - The blocks' bytes, in order, are read as big-endian unsigned 32-bit words (8 a block).
 * - A draw below n (n ≤ 2^32) takes the next word w, skips it while w ≥ 2^32 − (2^32 mod n),
 *   and answers w mod n: rejection sampling, so each of the n values is exactly equally likely
 *   (a float floor(x · n) is off by up to n / 2^52, and exact RTPs are exact only on an exact
 *   draw). A word is skipped with probability below n / 2^32: never in practice for these games.
 *
 * The server makes the blocks with node:crypto, the verifier (the /provably-fair page and
 * scripts/verify-round.mjs) with Web Crypto; both read them through `fairRng`. This file and the
 * engines it feeds import nothing but each other, so Node runs them as they are (type stripping).
 */

/** Bytes in one HMAC-SHA256 block. */
export const FAIR_BLOCK_BYTES = 32;
/** Bytes of a server seed. */
export const SERVER_SEED_BYTES = 32;

/** The block at a cursor: HMAC-SHA256(server seed, fairMessage(clientSeed, nonce, cursor)). */
export type FairBlocks = (cursor: number) => Uint8Array;

/** The HMAC message of block `cursor` of a round. */
export function fairMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** A draw that needed a block its source does not have (the verifier then makes more). */
export class FairBlocksExhausted extends Error {
  readonly cursor: number;

  constructor(cursor: number) {
    super(`the draw needs block ${cursor}, which was not made`);
    this.name = 'FairBlocksExhausted';
    this.cursor = cursor;
  }
}

export interface FairRng extends Rng {
  /** How many blocks the draws so far have read. */
  readonly blocksUsed: number;
}

/** The round's Rng over its blocks, read in order from block 0. */
export function fairRng(blockAt: FairBlocks): FairRng {
  let cursor = -1;
  let block: Uint8Array = new Uint8Array(0);
  let offset = FAIR_BLOCK_BYTES;
  const nextWord = (): number => {
    if (offset >= FAIR_BLOCK_BYTES) {
      cursor += 1;
      block = blockAt(cursor);
      if (block.length !== FAIR_BLOCK_BYTES) throw new RangeError(`block ${cursor} has ${block.length} bytes, not ${FAIR_BLOCK_BYTES}`);
      offset = 0;
    }
    const word = ((block[offset]! << 24) | (block[offset + 1]! << 16) | (block[offset + 2]! << 8) | block[offset + 3]!) >>> 0;
    offset += 4;
    return word;
  };
  return {
    get blocksUsed() {
      return cursor + 1;
    },
    int(maxExclusive: number): number {
      assertRngRange(maxExclusive);
      const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
      let word = nextWord();
      while (word >= limit) word = nextWord();
      return word % maxExclusive;
    },
  };
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Bytes of a hex text (an even number of hex digits, either case); throws on anything else. */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new RangeError('not a hex text');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** A server seed as the player sees it once revealed: 64 hex digits. */
export const SERVER_SEED_PATTERN = /^[0-9a-fA-F]{64}$/;
