import {
  LIVE_GAME_WINNERS,
  LIVE_WINNERS_NAMESPACE,
  liveWinnersEventSchema,
  type LiveWinnersEvent,
  type LiveWinnersServerToClientEvents,
} from '@casino/contracts/realtime';
import { createChannel } from '../../lib/socket';

/**
 * The live-winners channel's client (docs/ARCHITECTURE.md 'Realtime'): each LIVE_GAME_WINNERS carries the
 * latest 10 wins, parsed with the contracts schema. Loaded on demand, so the socket client stays
 * out of a visitor's first page.
 */
export function openLiveWinnersSocket(onWinners: (winners: LiveWinnersEvent) => void): () => void {
  const socket = createChannel<LiveWinnersServerToClientEvents>(LIVE_WINNERS_NAMESPACE);
  socket.on(LIVE_GAME_WINNERS, (payload) => {
    const winners = liveWinnersEventSchema.safeParse(payload);
    if (winners.success) onWinners(winners.data);
  });
  socket.connect();
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
