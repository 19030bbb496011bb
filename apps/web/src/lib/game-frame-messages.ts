/**
 * What the game page (in the lobby's same-origin frame) tells the lobby about a round, so the
 * header balance never gives the result away before the game shows it:
 * - round-started: Spin / Buy card was pressed; hold the balance updates that follow;
 * - round-pending: the outcome is still hidden (reels turning, card covered); sent every
 *   ROUND_PENDING_INTERVAL_MS, so a frame that dies cannot hold the balance for long;
 * - round-revealed: the game shows the outcome; show the latest balance now.
 */
export type GameFrameMessage =
  { type: 'round-started' } | { type: 'round-pending' } | { type: 'round-revealed'; roundId: number | null; balance: number | null };

export const ROUND_PENDING_INTERVAL_MS = 1_000;

/** The messages the lobby accepts: anything else (another origin, another shape) is ignored. */
export function parseGameFrameMessage(data: unknown): GameFrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, roundId, balance } = data as Record<string, unknown>;
  if (type === 'round-started' || type === 'round-pending') return { type };
  if (type === 'round-revealed') {
    return {
      type,
      roundId: typeof roundId === 'number' ? roundId : null,
      balance: typeof balance === 'number' ? balance : null,
    };
  }
  return null;
}
