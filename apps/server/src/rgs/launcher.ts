import type { Coin } from '../money/ledger/types.js';
import { issueLaunchToken } from './launch-token.js';

/**
 * The URL the lobby frames to play an in-house game: the game page, with a fresh launch token in
 * the fragment (never sent to a server, so it reaches no access log or Referer).
 */
export function inHouseGameUrl(
  secret: string,
  claims: { userId: number; sessionId: number; gameId: number; identifier: string; coin: Coin },
): string {
  const token = issueLaunchToken(secret, claims);
  return `/rgs/play/${encodeURIComponent(claims.identifier)}#launch=${token}`;
}
