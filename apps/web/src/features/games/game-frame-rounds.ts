import { parseGameFrameMessage } from '../../lib/game-frame-messages';

/**
 * One message from the game frame (lib/game-frame-messages.ts) for the balance hold: only from
 * our own origin and from this page's frame; anything else is ignored.
 */
export function onGameFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frameWindow: Window | null | undefined,
  hold: { hold(): void; release(): void },
): void {
  if (event.origin !== window.location.origin) return;
  if (!frameWindow || event.source !== frameWindow) return;
  const message = parseGameFrameMessage(event.data);
  if (!message) return;
  if (message.type === 'round-revealed') hold.release();
  else hold.hold();
}
