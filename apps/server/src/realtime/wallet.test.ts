import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { walletEvents, type WalletBalanceEvent } from '@casino/contracts/wallet';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { sql } from 'drizzle-orm';
import { createEventBus } from '../events/event-bus.js';
import { createLedgerService } from '../money/ledger/ledger-service.js';
import { signedInPlayer } from '../money/ledger/test-players.js';
import { createSessionService } from '../kernel/sessions/session-service.js';
import { signedInPlayer as signedInAccount, tokenFromLatestMail } from '../modules/auth/test-players.js';
import { testConfig, testServer } from '../test/harness.js';
import { createRealtime, type Realtime } from './realtime.js';
import { emitInsufficientBalance, registerWalletChannel, walletSocketSubscriber } from './wallet.js';

/** Events of one socket, in order of arrival, taken one at a time. */
class Inbox {
  private readonly received: unknown[] = [];
  private waiting: ((value: unknown) => void) | undefined;

  constructor(socket: Socket, event: string) {
    socket.on(event, (payload: unknown) => {
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(payload);
      } else this.received.push(payload);
    });
  }

  next<T>(): Promise<T> {
    if (this.received.length > 0) return Promise.resolve(this.received.shift() as T);
    return new Promise<T>((resolve) => {
      this.waiting = resolve as (value: unknown) => void;
    });
  }
}

const sockets: Socket[] = [];
const servers: { http: HttpServer; realtime: Realtime }[] = [];
const stoppers: (() => void)[] = [];

afterAll(async () => {
  for (const stop of stoppers) stop();
  for (const socket of sockets) socket.disconnect();
  for (const server of servers) {
    await server.realtime.close();
    await new Promise((resolve) => server.http.close(resolve));
  }
});

function open(baseUrl: string, headers: Record<string, string>): Socket {
  const socket = connect(`${baseUrl}/wallet`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

/** 'connected', or the refusal's message (also when the socket connected before the call). */
function connected(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    if (socket.connected) {
      resolve('connected');
      return;
    }
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Resolves with the reason once the server ends the socket. */
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** A second server process in miniature: its own socket.io server and ledger over the same database. */
async function standaloneProcess({ sessionCheckIntervalMs }: { sessionCheckIntervalMs?: number } = {}) {
  const { database } = await testServer();
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const config = testConfig();
  config.publicUrl = baseUrl;
  const realtime = createRealtime(http, config);
  servers.push({ http, realtime });
  const ledger = createLedgerService(database.db);
  const stop = registerWalletChannel({
    io: realtime.io,
    sessions: createSessionService(database.db, config),
    ledger,
    sessionCheckIntervalMs,
  });
  stoppers.push(stop);
  const bus = createEventBus(database.db, { log: { error: () => undefined } });
  bus.subscribe(walletSocketSubscriber(realtime.io, ledger));
  /** Credits coins in this process as an action would: the movement and its event in one transaction. */
  const credit = (userId: number, gc: number, sc: number, idempotencyKey: string) =>
    bus.run(async ({ tx, record }) => {
      const credited = await ledger.creditBonus(tx, { userId, gc, sc, reason: 'adjustment', idempotencyKey });
      await record({ type: 'BonusCredited', payload: { userId, bonusType: 'daily', gc, sc, transferId: credited.transferId } });
    });
  return { baseUrl, realtime, credit };
}

describe('the wallet channel', () => {
  it('refuses a handshake without a session cookie or from a foreign origin', async () => {
    const { baseUrl } = await testServer();
    const { cookie } = await signedInPlayer();
    expect(await connected(open(baseUrl, { origin: baseUrl }))).not.toBe('connected');
    expect(await connected(open(baseUrl, { origin: baseUrl, cookie: 'casino_session=not-a-session' }))).not.toBe('connected');
    expect(await connected(open(baseUrl, { origin: 'https://evil.example', cookie }))).not.toBe('connected');
  });

  it("sends the player's balances on connect and after every change, to that player only", async () => {
    const { baseUrl } = await testServer();
    const alice = await signedInPlayer();
    const bob = await signedInPlayer();
    const aliceSocket = open(baseUrl, { origin: baseUrl, cookie: alice.cookie });
    const bobSocket = open(baseUrl, { origin: baseUrl, cookie: bob.cookie });
    const aliceInbox = new Inbox(aliceSocket, walletEvents.balance);
    const bobInbox = new Inbox(bobSocket, walletEvents.balance);
    expect(await connected(aliceSocket)).toBe('connected');
    expect(await connected(bobSocket)).toBe('connected');
    const zero: WalletBalanceEvent = { gcCoin: 0, scCoin: 0, wsc: 0, bsc: 0, psc: 0 };
    expect(await aliceInbox.next()).toEqual(zero);
    expect(await bobInbox.next()).toEqual(zero);

    expect((await alice.client.post('bonus/daily-bonus')).status).toBe(200);
    expect(await aliceInbox.next()).toEqual({ gcCoin: 1000, scCoin: 0.5, wsc: 0, bsc: 0.5, psc: 0 });
    expect((await alice.client.post('bonus/welcome-bonus')).status).toBe(200);
    expect(await aliceInbox.next()).toEqual({ gcCoin: 11_000, scCoin: 2.5, wsc: 0, bsc: 2.5, psc: 0 });

    // Bob's next event is his own welcome bonus: none of Alice's reached him.
    expect((await bob.client.post('bonus/welcome-bonus')).status).toBe(200);
    expect(await bobInbox.next()).toEqual({ gcCoin: 10_000, scCoin: 2, wsc: 0, bsc: 2, psc: 0 });
  });

  it('tells a player that a bet was refused for lack of funds', async () => {
    const { baseUrl, realtime } = await standaloneProcess();
    const player = await signedInPlayer();
    const socket = open(baseUrl, { origin: baseUrl, cookie: player.cookie });
    const inbox = new Inbox(socket, walletEvents.insufficientBalance);
    expect(await connected(socket)).toBe('connected');
    emitInsufficientBalance(realtime.io, player.userId, 'SC');
    expect(await inbox.next()).toEqual({ coin: 'SC', message: 'You do not have sufficient coins' });
  });

  it.runIf(process.env.REDIS_URL)('reaches a player connected to another server process (Redis adapter)', async () => {
    const first = await standaloneProcess();
    const second = await standaloneProcess();
    const player = await signedInPlayer();
    const socket = open(second.baseUrl, { origin: second.baseUrl, cookie: player.cookie });
    const inbox = new Inbox(socket, walletEvents.balance);
    expect(await connected(socket)).toBe('connected');
    expect(await inbox.next()).toEqual({ gcCoin: 0, scCoin: 0, wsc: 0, bsc: 0, psc: 0 });
    // The movement happens in the first process; the player's socket lives on the second.
    await first.credit(player.userId, 50_000, 1_234, `redis-fanout:${player.userId}`);
    expect(await inbox.next()).toEqual({ gcCoin: 500, scCoin: 12.34, wsc: 0, bsc: 12.34, psc: 0 });
  });
});

describe('sockets end with their session', () => {
  it('disconnects the socket at logout; it receives nothing more and cannot come back with the cookie', async () => {
    const { baseUrl } = await testServer();
    const player = await signedInPlayer();
    const socket = open(baseUrl, { origin: baseUrl, cookie: player.cookie });
    const inbox = new Inbox(socket, walletEvents.balance);
    expect(await connected(socket)).toBe('connected');
    await inbox.next();
    let afterLogout = 0;
    const ended = disconnected(socket).then((reason) => {
      socket.onAny(() => (afterLogout += 1));
      return reason;
    });

    expect((await player.client.post('user/logout')).status).toBe(200);
    expect(await ended).toBe('io server disconnect');
    await (await standaloneProcess()).credit(player.userId, 100, 0, `after-logout:${player.userId}`);
    expect(afterLogout).toBe(0);
    expect(socket.connected).toBe(false);
    expect(await connected(open(baseUrl, { origin: baseUrl, cookie: player.cookie }))).toBe('Unauthenticated');
  });

  it('disconnects every socket of the account when its password is reset', async () => {
    const { baseUrl } = await testServer();
    const { client, credentials } = await signedInAccount('sockr');
    const first = open(baseUrl, { origin: baseUrl, cookie: client.cookieHeader() });
    const second = open(baseUrl, { origin: baseUrl, cookie: client.cookieHeader() });
    const ended = Promise.all([disconnected(first), disconnected(second)]);
    expect(await connected(first)).toBe('connected');
    expect(await connected(second)).toBe('connected');
    expect([first.connected, second.connected]).toEqual([true, true]);

    expect((await client.post('user/forgetPassword', { email: credentials.email })).status).toBe(200);
    const newPasswordKey = await tokenFromLatestMail(credentials.email, '/user/forgotPassword');
    const reset = await client.post('user/verifyForgetPassword', { newPasswordKey, password: encodeBase64Utf8('New&Spin2026!') });
    expect(reset.status).toBe(200);
    expect(await ended).toEqual(['io server disconnect', 'io server disconnect']);
    expect([first.connected, second.connected]).toEqual([false, false]);
  });

  it('cuts a socket whose session expired while it was open, and only that one', async () => {
    const { database } = await testServer();
    const other = await standaloneProcess({ sessionCheckIntervalMs: 100 });
    const player = await signedInPlayer();
    const bystander = await signedInPlayer();
    const socket = open(other.baseUrl, { origin: other.baseUrl, cookie: player.cookie });
    const live = open(other.baseUrl, { origin: other.baseUrl, cookie: bystander.cookie });
    expect(await connected(socket)).toBe('connected');
    expect(await connected(live)).toBe('connected');
    const ended = disconnected(socket);
    await database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${player.userId}`);
    expect(await ended).toBe('io server disconnect');
    // Several more checks run; the socket of a live session stays.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(live.connected).toBe(true);
  });

  it.runIf(process.env.REDIS_URL)('disconnects a socket held by another server process at logout (Redis adapter)', async () => {
    const other = await standaloneProcess();
    const player = await signedInPlayer();
    const socket = open(other.baseUrl, { origin: other.baseUrl, cookie: player.cookie });
    expect(await connected(socket)).toBe('connected');
    const ended = disconnected(socket);
    // Logout on the main server; the socket lives in the other process.
    expect((await player.client.post('user/logout')).status).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });
});
