import { FairInputError, verifyRound, type VerifiedRound } from '@casino/contracts/game-math/verify-round';
import type { VerifyFields } from './fragment';

/**
 * Draws the round of the form's seeds again in the browser: the shared verifier
 * (packages/contracts/src/game-math/verify-round.ts) with Web Crypto's HMAC, the same code the
 * game server draws with and scripts/verify-round.mjs runs. Nothing is sent anywhere.
 */
export type VerifyAnswer = { ok: true; round: VerifiedRound; hashMatches: boolean | null } | { ok: false; message: string };

export async function verifyFields(fields: VerifyFields): Promise<VerifyAnswer> {
  if (!/^\d{1,15}$/.test(fields.nonce.trim())) return { ok: false, message: 'The nonce is a whole number from 0.' };
  const bet = fields.bet.trim() === '' ? undefined : Math.round(Number(fields.bet) * 100);
  if (bet !== undefined && !Number.isSafeInteger(bet)) return { ok: false, message: 'The bet is an amount such as 0.20.' };
  try {
    const round = await verifyRound({
      serverSeed: fields.serverSeed.trim(),
      clientSeed: fields.clientSeed.trim(),
      nonce: Number(fields.nonce),
      game: fields.game,
      ...(bet === undefined ? {} : { bet }),
    });
    const expected = fields.hash.trim().toLowerCase();
    return { ok: true, round, hashMatches: expected === '' ? null : expected === round.serverSeedHash };
  } catch (error) {
    if (error instanceof FairInputError) return { ok: false, message: error.message };
    throw error;
  }
}
