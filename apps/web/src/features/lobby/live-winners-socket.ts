import { LIVE_GAME_WINNERS, LIVE_WINNERS_NAMESPACE } from '@casino/contracts/game-constants';
import type { LiveWinners } from '@casino/contracts/games';
import { createChannel } from '../../lib/socket';

/**
 * The live-winners channel's client (DESIGN.md section 4): each LIVE_GAME_WINNERS carries the
 * latest 10 wins. Loaded on demand, so the socket client stays out of a visitor's first page.
 */
export function openLiveWinnersSocket(onWinners: (winners: LiveWinners) => void): () => void {
  const socket = createChannel(LIVE_WINNERS_NAMESPACE);
  socket.on(LIVE_GAME_WINNERS, (payload: LiveWinners) => {
    if (payload && Array.isArray(payload.rows)) onWinners(payload);
  });
  socket.connect();
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
