import { randomUUID } from 'node:crypto';
import { LIVE_GAME_WINNERS, LIVE_WINNERS_NAMESPACE, type LiveWinners } from '@casino/contracts/games';
import type { OpenSessionResult, RoundResult, SlotGameInfo } from '@casino/contracts/rgs';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { casinoBets, outboxEvents, rgsRounds } from '../db/schema/index.js';
import { newClient } from '../test/api.js';
import { testServer } from '../test/harness.js';
import type { TestClient } from '../test/http-client.js';
import { fundPlayer, signedInClient, testLedger } from '../test/signed-in.js';
import { issueLaunchToken } from './launch-token.js';
import { maskUsername } from '../realtime/live-winners.js';
import { getTitle, slotOutcomeAt, type SlotOutcome } from './math/index.js';
import { anyGameId, openSocket, walletCall, type TestSocket } from './test-support.js';
import { playerWithPassword, setting } from '../modules/responsible-play/test-support.js';

interface CatalogueGame {
  masterCasinoGameId: number;
  identifier: string;
  gameType: 'slot' | 'scratch';
}

async function catalogue(): Promise<CatalogueGame[]> {
  const response = await (await newClient()).get<{ data: { rows: CatalogueGame[] } }>('casino-games', { limit: 100 });
  return response.body.data.rows;
}

async function launchToken(client: TestClient, gameId: number, coin: 'GC' | 'SC'): Promise<string> {
  const response = await client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
    coin,
    gameId,
    isDemo: false,
    isMobile: false,
  });
  expect(response.status).toBe(200);
  const token = /#launch=(.+)$/.exec(response.body.data.gameUrl)?.[1];
  if (!token) throw new Error(`no launch token in ${response.body.data.gameUrl}`);
  return token;
}

/** The game page: a browser with no lobby cookie, only what the frame URL gave it. */
async function openGame(token: string) {
  const page = await newClient();
  const opened = await page.post<{ data: OpenSessionResult }>('/rgs/api/sessions', { launchToken: token });
  return { page, opened };
}

/** A player with 100 SC in the catalogue's first game, its session open in the game page. */
async function playerInFirstGame() {
  const player = await signedInClient('rgs');
  await fundPlayer(player.userId, { sc: 10_000 });
  const [game] = await catalogue();
  return { player, ...(await openGame(await launchToken(player.client, game!.masterCasinoGameId, 'SC'))) };
}

async function play(page: TestClient, sessionToken: string, bet: number, requestId = randomUUID()) {
  return page.request<{ data: RoundResult; errors?: { errorCode: number; description: string }[] }>('POST', '/rgs/api/rounds', {
    body: { bet, requestId },
    headers: { 'x-game-session': sessionToken },
  });
}

async function scBalance(userId: number): Promise<number> {
  const balances = await (await testLedger()).balances(userId);
  return balances.bsc + balances.psc + balances.wsc;
}

const sockets: TestSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe('the in-house game server', () => {
  it('opens a session from the launch token with the launch coin balance and the title to draw', async () => {
    const player = await signedInClient('rgs');
    await fundPlayer(player.userId, { sc: 2_500, gc: 90_000 });
    const slot = (await catalogue()).find((game) => game.gameType === 'slot')!;
    const { opened } = await openGame(await launchToken(player.client, slot.masterCasinoGameId, 'SC'));
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ coin: 'SC', balance: 25 });
    const game = opened.body.data.game as SlotGameInfo;
    const title = getTitle(slot.identifier)!;
    expect(game).toMatchObject({ kind: 'slot', identifier: slot.identifier, name: title.name, rtp: title.rtp });
    expect(game.reels).toHaveLength(5);
    expect(game.betSteps).toEqual(title.betSteps.map((step) => step / 100));

    const gc = await openGame(await launchToken(player.client, slot.masterCasinoGameId, 'GC'));
    expect(gc.opened.body.data).toMatchObject({ coin: 'GC', balance: 900 });
  });

  it('opens one session per launch token, and refuses a forged, tampered or expired one', async () => {
    const player = await signedInClient('rgs');
    const [game] = await catalogue();
    const token = await launchToken(player.client, game!.masterCasinoGameId, 'SC');
    expect((await openGame(token)).opened.status).toBe(200);
    const reused = (await openGame(token)).opened;
    expect(reused.status).toBe(401);
    expect((reused.body as unknown as { errors: { errorCode: number }[] }).errors[0]!.errorCode).toBe(3402);

    const { config } = await testServer();
    const { sessionId } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { sessionId: number };
    const claims = {
      userId: player.userId,
      sessionId,
      gameId: game!.masterCasinoGameId,
      identifier: game!.identifier,
      coin: 'SC' as const,
    };
    const forged = issueLaunchToken('not-the-secret-not-the-secret-not-the-secret', claims);
    expect((await openGame(forged)).opened.status).toBe(401);
    const [payload, signature] = token.split('.');
    const otherPlayer = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), userId: 1 })).toString(
      'base64url',
    );
    expect((await openGame(`${otherPlayer}.${signature}`)).opened.status).toBe(401);
    const expired = issueLaunchToken(config.gameServerSecret, claims, Date.now() - 10 * 60_000);
    expect((await openGame(expired)).opened.status).toBe(401);
  });

  it('ends play in an open game frame when the player logs out', async () => {
    const player = await signedInClient('rgs');
    await fundPlayer(player.userId, { sc: 10_000 });
    const slot = (await catalogue()).find((game) => game.gameType === 'slot')!;
    const { page, opened } = await openGame(await launchToken(player.client, slot.masterCasinoGameId, 'SC'));
    const session = opened.body.data;
    expect((await play(page, session.sessionToken, session.game.defaultBet)).status).toBe(200);

    const unusedLaunch = await launchToken(player.client, slot.masterCasinoGameId, 'SC');
    expect((await player.client.post('user/logout')).status).toBe(200);
    const before = await scBalance(player.userId);
    const refused = await play(page, session.sessionToken, session.game.defaultBet);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3403);
    expect(await scBalance(player.userId)).toBe(before);
    // A launch link issued before the logout cannot open a game afterwards either.
    expect((await openGame(unusedLaunch)).opened.status).toBe(401);
  });

  it('plays a round through the wallet and stores it with bet, win, coin, balances and outcome', async () => {
    const player = await signedInClient('rgs');
    await fundPlayer(player.userId, { sc: 10_000 });
    const slot = (await catalogue()).find((game) => game.gameType === 'slot')!;
    const { page, opened } = await openGame(await launchToken(player.client, slot.masterCasinoGameId, 'SC'));
    const session = opened.body.data;
    const bet = session.game.defaultBet;
    const round = await play(page, session.sessionToken, bet);
    expect(round.status).toBe(200);
    const result = round.body.data;
    expect(result).toMatchObject({ coin: 'SC', bet, balanceBefore: 100 });
    expect(result.balanceAfter).toBeCloseTo(100 - bet + result.win, 2);
    expect(await scBalance(player.userId)).toBe(Math.round(result.balanceAfter * 100));

    const { database } = await testServer();
    const [stored] = await database.db.select().from(rgsRounds).where(eq(rgsRounds.id, result.roundId));
    expect(stored).toMatchObject({
      userId: player.userId,
      casinoGameId: slot.masterCasinoGameId,
      coin: 'SC',
      bet: Math.round(bet * 100),
      win: Math.round(result.win * 100),
      status: 'settled',
      balanceBefore: 10_000,
      balanceAfter: Math.round(result.balanceAfter * 100),
    });
    // What the page shows is what was decided: the stored round is exactly what the title's math
    // gives for its stops (grid and pays), and the page gets those stops and that grid.
    const outcome = stored!.outcome as SlotOutcome;
    const title = getTitle(slot.identifier)!;
    if (title.kind !== 'slot') throw new Error('expected a slot');
    const replayed = slotOutcomeAt(title, outcome.totalBet, outcome.stops);
    expect(replayed.grid).toEqual(outcome.grid);
    expect(replayed.totalWin).toBe(stored!.win);
    expect(result.outcome).toMatchObject({ kind: 'slot', stops: outcome.stops, grid: outcome.grid });

    // The casino's bet row for the round, as bet history reads it.
    const [bet_] = await database.db
      .select()
      .from(casinoBets)
      .where(eq(casinoBets.roundId, String(result.roundId)));
    expect(bet_).toMatchObject({ userId: player.userId, betAmount: Math.round(bet * 100), winAmount: stored!.win, status: 'settled' });

    // Recall answers the round as played.
    const recalled = await page.request<{ data: RoundResult }>('GET', `/rgs/api/rounds/${result.roundId}`, {
      headers: { 'x-game-session': session.sessionToken },
    });
    expect(recalled.body.data).toEqual(result);
  });

  it('reveals a scratch card: three matching cells pay their multiple of the bet', async () => {
    const player = await signedInClient('rgs');
    await fundPlayer(player.userId, { gc: 100_000 });
    const scratch = (await catalogue()).find((game) => game.gameType === 'scratch')!;
    const { page, opened } = await openGame(await launchToken(player.client, scratch.masterCasinoGameId, 'GC'));
    for (let i = 0; i < 5; i += 1) {
      const round = await play(page, opened.body.data.sessionToken, 1);
      expect(round.status).toBe(200);
      const { outcome, win, bet } = round.body.data;
      if (outcome.kind !== 'scratch') throw new Error('expected a scratch card');
      expect(outcome.cells).toHaveLength(9);
      if (outcome.winningSymbol) {
        expect(outcome.winningCells.map((cell) => outcome.cells[cell])).toEqual([
          outcome.winningSymbol,
          outcome.winningSymbol,
          outcome.winningSymbol,
        ]);
        expect(win).toBeCloseTo(bet * outcome.multiplier, 2);
      } else {
        expect(win).toBe(0);
      }
    }
  });

  it('answers a retried request with the round already played, charged once', async () => {
    const { player, page, opened } = await playerInFirstGame();
    const requestId = randomUUID();
    const bet = opened.body.data.game.betSteps[0]!;
    const first = await play(page, opened.body.data.sessionToken, bet, requestId);
    const retry = await play(page, opened.body.data.sessionToken, bet, requestId);
    expect(retry.body.data).toEqual(first.body.data);
    expect(await scBalance(player.userId)).toBe(Math.round(first.body.data.balanceAfter * 100));
  });

  it('plays copies of one request sent at once as one round, charged once', async () => {
    const { player, page, opened } = await playerInFirstGame();
    const requestId = randomUUID();
    const bet = opened.body.data.game.betSteps[0]!;
    // Each copy takes its own round id and reaches the wallet; all but the first roll back whole.
    const copies = await Promise.all(Array.from({ length: 5 }, () => play(page, opened.body.data.sessionToken, bet, requestId)));
    expect(copies.map((copy) => copy.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(copies.map((copy) => copy.body.data.roundId)).size).toBe(1);
    const round = copies[0]!.body.data;
    expect(await scBalance(player.userId)).toBe(10_000 - Math.round(round.bet * 100) + Math.round(round.win * 100));
    const { database } = await testServer();
    expect(await database.db.select().from(rgsRounds).where(eq(rgsRounds.userId, player.userId))).toHaveLength(1);
    expect(await database.db.select().from(casinoBets).where(eq(casinoBets.userId, player.userId))).toHaveLength(1);
  });

  it('refuses a bet that is not one of the title’s steps, and a call without a valid session', async () => {
    const { player, page, opened } = await playerInFirstGame();
    const odd = await play(page, opened.body.data.sessionToken, 0.03);
    expect(odd.status).toBe(400);
    expect(odd.body.errors?.[0]?.errorCode).toBe(3404);
    const noSession = await play(page, 'not-a-session', 1);
    expect(noSession.status).toBe(401);
    expect(noSession.body.errors?.[0]?.errorCode).toBe(3403);
    expect(await scBalance(player.userId)).toBe(10_000);
  });

  it('refuses a bet larger than the balance, moves nothing, and tells the player’s wallet socket', async () => {
    const player = await signedInClient('rgs');
    await fundPlayer(player.userId, { sc: 5 });
    const [game] = await catalogue();
    const socket = await openSocket('/wallet', player.client);
    sockets.push(socket);
    const { page, opened } = await openGame(await launchToken(player.client, game!.masterCasinoGameId, 'SC'));
    const bet = Math.max(...opened.body.data.game.betSteps);
    const refused = await play(page, opened.body.data.sessionToken, bet);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]).toMatchObject({ errorCode: 3012, description: 'You do not have sufficient coins' });
    expect(await socket.next('INSUFFICIENT_BALANCE')).toMatchObject({ coin: 'SC', message: 'You do not have sufficient coins' });
    expect(await scBalance(player.userId)).toBe(5);
    const history = await player.client.get<{ data: { count: number } }>('casino-games/bets');
    expect(history.body.data.count).toBe(0);
  });

  it('refuses a round that would pass the player’s bet limit, with the limit’s message for the game to show', async () => {
    const player = await playerWithPassword();
    await fundPlayer(player.userId, { sc: 10_000 });
    const [game] = await catalogue();
    const { page, opened } = await openGame(await launchToken(player.client, game!.masterCasinoGameId, 'SC'));
    const bet = Math.min(...opened.body.data.game.betSteps);
    expect((await setting(player.client, { dailyBetLimit: bet / 2 })).status).toBe(200);
    const refused = await play(page, opened.body.data.sessionToken, bet);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3752);
    expect(refused.body.errors?.[0]?.description).toMatch(/^This bet would pass your daily bet limit\. You can still bet SC /);
    expect(await scBalance(player.userId)).toBe(10_000);
  });

  it('puts played rounds in bet history and the game in recently played', async () => {
    const player = await signedInClient('rgs');
    await fundPlayer(player.userId, { sc: 50_000 });
    const games = await catalogue();
    const game = games[3]!;
    const { page, opened } = await openGame(await launchToken(player.client, game.masterCasinoGameId, 'SC'));
    const played: RoundResult[] = [];
    for (let i = 0; i < 3; i += 1)
      played.push((await play(page, opened.body.data.sessionToken, opened.body.data.game.defaultBet)).body.data);
    const history = await player.client.get<{
      data: { rows: { bet_amount: number; win_amount: number; masterCasinoGameId: number }[]; count: number };
    }>('casino-games/bets', { coinType: 'SC' });
    expect(history.body.data.count).toBe(3);
    expect(history.body.data.rows.map((row) => row.win_amount)).toEqual(played.map((round) => round.win).reverse());
    expect(history.body.data.rows.every((row) => row.masterCasinoGameId === game.masterCasinoGameId)).toBe(true);
    // Recently played follows from the rounds' events, delivered just after the rounds answered.
    const recent = () => player.client.get<{ data: { rows: { masterCasinoGameId: number }[] } }>('casino-games/recently-played');
    await expect.poll(async () => (await recent()).body.data.rows[0]?.masterCasinoGameId).toBe(game.masterCasinoGameId);
  });

  it('a GC round writes no event, yet its game is in recently played and its win reaches the live winners list', async () => {
    const player = await signedInClient('rgs');
    await fundPlayer(player.userId, { gc: 1_000_000 });
    const game = (await catalogue()).find((one) => one.gameType === 'slot')!;
    const { page, opened } = await openGame(await launchToken(player.client, game.masterCasinoGameId, 'GC'));
    const listener = await openSocket(LIVE_WINNERS_NAMESPACE);
    sockets.push(listener);
    await listener.next(LIVE_GAME_WINNERS);
    // Rounds until one pays: the outcome is the RNG's.
    let won: RoundResult | undefined;
    for (let i = 0; i < 500 && !won; i += 1) {
      const round = (await play(page, opened.body.data.sessionToken, opened.body.data.game.defaultBet)).body.data;
      if (round.win > 0) won = round;
    }
    expect(won).toBeDefined();
    // Other tests' wins may be pushed in between: the list to look at is the first that has this one.
    const username = maskUsername(player.username);
    let pushed = await listener.next<LiveWinners>(LIVE_GAME_WINNERS);
    while (!pushed.rows.some((row) => row.username === username)) pushed = await listener.next<LiveWinners>(LIVE_GAME_WINNERS);
    expect(pushed.rows.find((row) => row.username === username)).toMatchObject({
      amount: won!.win,
      currency: 'GC',
      masterCasinoGameId: game.masterCasinoGameId,
    });
    const { database } = await testServer();
    const events = await database.db.select({ id: outboxEvents.id }).from(outboxEvents).where(eq(outboxEvents.userId, player.userId));
    expect(events).toEqual([]);
    const recent = await player.client.get<{ data: { rows: { masterCasinoGameId: number }[] } }>('casino-games/recently-played');
    expect(recent.body.data.rows[0]?.masterCasinoGameId).toBe(game.masterCasinoGameId);
  });

  it('commits nothing of a round that fails after its bet was taken: no charge, no round, no bet row', async () => {
    const { player, page, opened } = await playerInFirstGame();
    const { database, owner } = await testServer();
    const requestId = randomUUID();
    // The round's last write (its row, settled, after the wallet took the bet and paid the win in
    // the same transaction) fails, as a crash or a lost connection at that moment would.
    await owner.withConnection((run) =>
      run(`create function fail_settling_round() returns trigger language plpgsql as $$
             begin raise exception 'settlement lost'; end $$;
           create trigger fail_settling_round before insert on rgs_rounds for each row
             when (new.request_id = '${requestId}' and new.status = 'settled') execute function fail_settling_round();`),
    );
    try {
      const failed = await play(page, opened.body.data.sessionToken, opened.body.data.game.betSteps[0]!, requestId);
      expect(failed.status).toBe(503);
      expect(failed.body.errors?.[0]?.description).toBe('The game could not take your bet. Nothing was charged; please try again.');
    } finally {
      await owner.withConnection((run) => run('drop trigger fail_settling_round on rgs_rounds; drop function fail_settling_round();'));
    }
    expect(await scBalance(player.userId)).toBe(10_000);
    const rounds = await database.db.select().from(rgsRounds).where(eq(rgsRounds.userId, player.userId));
    expect(rounds).toEqual([]);
    const bets = await database.db.select().from(casinoBets).where(eq(casinoBets.userId, player.userId));
    expect(bets).toEqual([]);

    // The same request played again is a new round, paid once.
    const retried = await play(page, opened.body.data.sessionToken, opened.body.data.game.betSteps[0]!, requestId);
    expect(retried.status).toBe(200);
    const expected = 10_000 - Math.round(retried.body.data.bet * 100) + Math.round(retried.body.data.win * 100);
    expect(await scBalance(player.userId)).toBe(expected);
  });

  it('answers a round that waits too long for the player’s lock as not taken, charging nothing', async (context) => {
    const { owner } = await testServer();
    // The embedded database runs one statement at a time: no lock is ever waited for there.
    if (owner.kind !== 'postgres') return context.skip();
    const { player, page, opened } = await playerInFirstGame();
    const bet = opened.body.data.game.betSteps[0]!;
    const requestId = randomUUID();
    // Another transaction (an operator's adjustment stuck mid-way, a runaway job) holds the player.
    await owner.withConnection(async (run) => {
      await run(`begin; select 1 from ledger_accounts where user_id = ${player.userId} for update`);
      try {
        const [round, walletBet] = await Promise.all([
          play(page, opened.body.data.sessionToken, bet, requestId),
          walletCall('bet', {
            transactionId: `tx-${randomUUID()}`,
            userId: player.userId,
            gameId: await anyGameId(),
            roundId: randomUUID(),
            coin: 'SC',
            amount: 100,
          }),
        ]);
        expect(round.status).toBe(503);
        expect(round.body.errors?.[0]?.description).toBe('The game could not take your bet. Nothing was charged; please try again.');
        expect(walletBet.status).toBe(503);
        expect(walletBet.body.errors?.[0]?.name).toBe('ServiceUnavailable');
      } finally {
        await run('rollback');
      }
    });
    expect(await scBalance(player.userId)).toBe(10_000);
    // Once the player is free, the same request plays and is charged once.
    const played = await play(page, opened.body.data.sessionToken, bet, requestId);
    expect(played.status).toBe(200);
    expect(await scBalance(player.userId)).toBe(10_000 - Math.round(played.body.data.bet * 100) + Math.round(played.body.data.win * 100));
  });

  it('serves the game page route only for known titles', async () => {
    const client = await newClient();
    const unknown = await client.get('/rgs/play/no-such-title');
    expect(unknown.status).toBe(404);
    const other = await client.get('/rgs/nothing-here');
    expect(other.status).toBe(404);
  });
});
