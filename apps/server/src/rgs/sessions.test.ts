import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { testServer } from '../test/harness.js';
import { signedInClient, type SignedInPlayer } from '../test/signed-in.js';
import { createGameSessionService, type GameSessionService } from './sessions.js';
import { anyGameId } from './test-support.js';

/**
 * The game-session reads of bets that arrive together go as one statement
 * (docs/decisions/065-game-round-speed.md): each bet still gets its own player's session, or
 * the refusal its own token earns, whatever else is in the batch.
 */

async function service(): Promise<GameSessionService> {
  const { database, config } = await testServer();
  return createGameSessionService(database.db, config.gameServerSecret);
}

/** A game session of `player` in the catalogue's first game: its session token. */
async function openSession(player: SignedInPlayer, coin: 'GC' | 'SC'): Promise<string> {
  const launched = await player.client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
    coin,
    gameId: await anyGameId(),
    isDemo: false,
    isMobile: false,
  });
  const launchToken = /#launch=(.+)$/.exec(launched.body.data.gameUrl)![1]!;
  return (await (await service()).open(launchToken)).token;
}

async function errorNameOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? error.errorName : `not refused: ${String(error)}`;
}

describe('game-session reads of bets', () => {
  it('reads bets sent together each with its own session, and refuses the ended and the unknown ones', async () => {
    const [first, second, leaving] = [await signedInClient('batch'), await signedInClient('batch'), await signedInClient('batch')];
    const firstToken = await openSession(first, 'SC');
    const secondToken = await openSession(second, 'GC');
    const endedToken = await openSession(leaving, 'SC');
    expect((await leaving.client.post('user/logout')).status).toBe(200);
    const sessions = await service();

    // One turn of the event loop: these go in one batch, the first player's token twice.
    const [firstBet, secondBet, firstAgain, ended, unknown] = [
      sessions.resolveForBet(firstToken),
      sessions.resolveForBet(secondToken),
      sessions.resolveForBet(firstToken),
      sessions.resolveForBet(endedToken),
      sessions.resolveForBet('no-such-session-token'),
    ];

    expect((await firstBet).session).toMatchObject({ userId: first.userId, coin: 'SC' });
    expect((await firstAgain).session).toMatchObject({ userId: first.userId, coin: 'SC' });
    expect((await secondBet).session).toMatchObject({ userId: second.userId, coin: 'GC' });
    // No location check was made in these login sessions: the gate sees none.
    expect((await firstBet).location).toBeNull();
    expect(await errorNameOf(ended)).toBe('GameSessionInvalid');
    expect(await errorNameOf(unknown)).toBe('GameSessionInvalid');
    expect(await errorNameOf(sessions.resolveForBet(undefined))).toBe('GameSessionInvalid');
  });

  it("keeps a page's session for its next bets, and a fresh read finds that its player logged out", async () => {
    const player = await signedInClient('kept');
    const token = await openSession(player, 'GC');
    const sessions = await service();
    expect(await sessions.resolveForBet(token)).toMatchObject({ cached: false, session: { userId: player.userId, coin: 'GC' } });
    expect(await sessions.resolveForBet(token)).toMatchObject({ cached: true, session: { userId: player.userId, coin: 'GC' } });

    expect((await player.client.post('user/logout')).status).toBe(200);
    // What was kept does not know of the logout (the round's statement checks it: migration 0165);
    // a fresh read does, and forgets the session.
    expect((await sessions.resolveForBet(token)).cached).toBe(true);
    expect(await errorNameOf(sessions.resolveForBet(token, { fresh: true }))).toBe('GameSessionInvalid');
    expect(await errorNameOf(sessions.resolveForBet(token))).toBe('GameSessionInvalid');
  });
});
