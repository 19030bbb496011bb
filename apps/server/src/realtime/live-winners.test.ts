import { randomUUID } from 'node:crypto';
import { LIVE_GAME_WINNERS, LIVE_WINNERS_NAMESPACE, type LiveWinners } from '@casino/contracts/games';
import { afterAll, describe, expect, it } from 'vitest';
import { openSocket, walletCall, type TestSocket } from '../rgs/test-support.js';
import { newClient } from '../test/api.js';
import { fundPlayer, signedInClient } from '../test/signed-in.js';
import { maskUsername } from './live-winners.js';

const sockets: TestSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('live winners', () => {
  it("names a winner by the masked name only, never by the player's id", async () => {
    const player = await signedInClient('lw');
    await fundPlayer(player.userId, { sc: 100, gc: 0 });
    const games = await (await newClient()).get<{ data: { rows: { masterCasinoGameId: number }[] } }>('casino-games', { limit: 1 });
    const gameId = games.body.data.rows[0]!.masterCasinoGameId;
    const socket = await openSocket(LIVE_WINNERS_NAMESPACE);
    sockets.push(socket);
    await socket.next(LIVE_GAME_WINNERS);

    const roundId = `round-${randomUUID()}`;
    const call = (action: string, amount: number) =>
      walletCall(action, { transactionId: `tx-${randomUUID()}`, userId: player.userId, gameId, roundId, coin: 'SC', amount });
    expect((await call('bet', 1)).status).toBe(200);
    expect((await call('win', 7.25)).status).toBe(200);

    // Other tests' wins (on PostgreSQL, other workers share the database and, through Redis, the
    // socket) may come in between: the list to look at is the first pushed that has this win.
    const username = maskUsername(player.username);
    let pushed = await socket.next<LiveWinners>(LIVE_GAME_WINNERS);
    while (!pushed.rows.some((row) => row.username === username)) pushed = await socket.next<LiveWinners>(LIVE_GAME_WINNERS);
    const fetched = await (await newClient()).get<{ data: LiveWinners }>('casino-games/live-winners');
    for (const list of [pushed, fetched.body.data]) {
      expect(list.rows.find((row) => row.username === username)).toMatchObject({ amount: 7.25, currency: 'SC' });
      for (const row of list.rows) expect(Object.keys(row)).not.toContain('userId');
    }
  });
});
