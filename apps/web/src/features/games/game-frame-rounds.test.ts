import { describe, expect, it, vi } from 'vitest';
import { onGameFrameMessage } from './game-frame-rounds';

function setup() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const hold = { hold: vi.fn(), release: vi.fn() };
  const frameWindow = frame.contentWindow;
  const send = (data: unknown, { origin = window.location.origin, source = frameWindow } = {}) =>
    onGameFrameMessage({ data, origin, source }, frameWindow, hold);
  return { hold, send, frame };
}

describe('round messages from the game frame', () => {
  it('holds the balance while the round is hidden and releases it when the game reveals it', () => {
    const { hold, send } = setup();
    send({ type: 'round-started' });
    send({ type: 'round-pending' });
    expect(hold.hold).toHaveBeenCalledTimes(2);
    expect(hold.release).not.toHaveBeenCalled();
    send({ type: 'round-revealed', roundId: 12, balance: 3.5 });
    expect(hold.release).toHaveBeenCalledTimes(1);
  });

  it('ignores other origins, other windows and other shapes', () => {
    const { hold, send } = setup();
    send({ type: 'round-started' }, { origin: 'https://evil.example' });
    send({ type: 'round-started' }, { source: window });
    send({ type: 'round-revealed' }, { source: null });
    send('round-started');
    send({ type: 'spin' });
    send(null);
    expect(hold.hold).not.toHaveBeenCalled();
    expect(hold.release).not.toHaveBeenCalled();
  });
});
