import { ROUND_PENDING_INTERVAL_MS, type GameFrameMessage } from '../lib/game-frame-messages';

/**
 * Tells the lobby around this page (same origin only) when a round's outcome is hidden and when
 * it is shown, so the lobby's header balance does not give the result away.
 */
let pending: ReturnType<typeof setInterval> | undefined;

function post(message: GameFrameMessage) {
  if (window.parent === window) return;
  window.parent.postMessage(message, window.location.origin);
}

/** Spin / Buy card pressed: the outcome is hidden until roundRevealed. */
export function roundStarted(): void {
  post({ type: 'round-started' });
  if (pending !== undefined) clearInterval(pending);
  pending = setInterval(() => post({ type: 'round-pending' }), ROUND_PENDING_INTERVAL_MS);
}

/** The outcome is on screen (or the round failed): the lobby may show the new balance. */
export function roundRevealed(round: { roundId: number; balanceAfter: number } | null): void {
  if (pending !== undefined) clearInterval(pending);
  pending = undefined;
  post({ type: 'round-revealed', roundId: round?.roundId ?? null, balance: round?.balanceAfter ?? null });
}
