/**
 * What the game page needs of provably fair play without the API's schemas (and so without zod):
 * the client seed's rule and the /provably-fair page's address for a round. Re-exported by
 * provably-fair.ts.
 */

/** A client seed: 1 to 64 visible ASCII characters, no space. */
export const CLIENT_SEED_PATTERN = /^[!-~]{1,64}$/;
export const clientSeedMessage = 'A client seed is 1 to 64 letters, digits or symbols, with no spaces.';

/** The public page that explains the scheme and draws a round again. */
export const PROVABLY_FAIR_PATH = '/provably-fair';

/** What the page's form is filled with from its address. */
export interface FairLinkFields {
  game: string;
  clientSeed: string;
  nonce: number;
  serverSeed?: string | null;
  serverSeedHash?: string;
  /** The round's bet, as a decimal (1.5 = 1.50). */
  bet?: number;
}

/**
 * The page's address with a round's seeds in its fragment (`#game=…&clientSeed=…`), which a
 * browser never sends to a server: the page reads it and draws the round in the browser.
 */
export function provablyFairLink(fields: FairLinkFields): string {
  const pairs: [string, string][] = [
    ['game', fields.game],
    ['clientSeed', fields.clientSeed],
    ['nonce', String(fields.nonce)],
  ];
  if (fields.serverSeed) pairs.push(['serverSeed', fields.serverSeed]);
  if (fields.serverSeedHash) pairs.push(['hash', fields.serverSeedHash]);
  if (fields.bet !== undefined) pairs.push(['bet', fields.bet.toFixed(2)]);
  return `${PROVABLY_FAIR_PATH}#${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
