import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { walletEvents, type WalletBalanceEvent } from '@casino/contracts/wallet';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../events/event-bus.js';
import { createLedgerService } from '../ledger/ledger-service.js';
import { signedInPlayer } from '../ledger/test-players.js';
import { createSessionService } from '../modules/auth/session-service.js';
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

afterAll(async () => {
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

/** 'connected', or the refusal's message. */
function connected(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** A second server process in miniature: its own socket.io server and ledger over the same database. */
async function standaloneProcess() {
  const { database } = await testServer();
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const config = testConfig();
  config.publicUrl = baseUrl;
  const realtime = createRealtime(http, config);
  servers.push({ http, realtime });
  const ledger = createLedgerService(database.db);
  registerWalletChannel({ io: realtime.io, sessions: createSessionService(database.db, config), ledger });
  const bus = createEventBus(database.db, { log: { error: () => undefined } });
  bus.subscribe(walletSocketSubscriber(realtime.io, ledger));
  return { baseUrl, realtime, ledger, bus };
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
    await first.bus.run(async ({ tx, record }) => {
      const credited = await first.ledger.creditBonus(tx, {
        userId: player.userId,
        gc: 50_000,
        sc: 1_234,
        reason: 'adjustment',
        idempotencyKey: `redis-fanout:${player.userId}`,
      });
      await record({
        type: 'BonusCredited',
        payload: { userId: player.userId, bonusType: 'daily', gc: 50_000, sc: 1_234, transferId: credited.transferId },
      });
    });
    expect(await inbox.next()).toEqual({ gcCoin: 500, scCoin: 12.34, wsc: 0, bsc: 12.34, psc: 0 });
  });
});
