import { fromHundredths } from '@casino/contracts/money';
import {
  INSUFFICIENT_BALANCE_MESSAGE,
  WALLET_NAMESPACE,
  walletEvents,
  type InsufficientBalanceEvent,
  type WalletBalanceEvent,
} from '@casino/contracts/wallet';
import { balanceChangingEvents } from '@casino/contracts/events';
import type { Namespace, Server } from 'socket.io';
import type { WalletServerToClientEvents } from '@casino/contracts/realtime';
import type { Subscriber } from '../events/event-bus.js';
import type { Coin, Balances, LedgerService } from '../money/ledger/types.js';
import { sessionTokenFromCookieHeader } from '../kernel/sessions/session-cookie.js';
import type { SessionService } from '../kernel/sessions/session-service.js';
import { sessionRoom, userRoom } from './session-sockets.js';

/**
 * The wallet channel (docs/ARCHITECTURE.md 'Realtime', seed 000 section 4 'Sockets'): namespace /wallet,
 * authenticated by the session cookie at the handshake (the Origin is checked for every socket
 * in realtime.ts), one room per player. USER_WALLET_BALANCE follows every committed balance
 * change (a subscriber of the domain events); with REDIS_URL the Redis adapter carries it to the
 * process the player is connected to.
 */
interface WalletSocketData {
  userId: number;
  sessionId: number;
}

/** The /wallet namespace, its events typed from contracts (the web app parses the same types). */
export function walletNamespace(io: Server): Namespace<Record<string, never>, WalletServerToClientEvents> {
  return io.of(WALLET_NAMESPACE) as Namespace<Record<string, never>, WalletServerToClientEvents>;
}

export function walletRoom(userId: number): string {
  return userRoom(userId);
}

/** How often open sockets are checked for a session that expired meanwhile (one query per process). */
const SESSION_CHECK_INTERVAL_MS = 30_000;

export function walletBalanceEvent(balances: Balances): WalletBalanceEvent {
  return {
    gcCoin: fromHundredths(balances.gc),
    scCoin: fromHundredths(balances.bsc + balances.psc + balances.wsc),
    wsc: fromHundredths(balances.wsc),
    bsc: fromHundredths(balances.bsc),
    psc: fromHundredths(balances.psc),
  };
}

export interface WalletChannelOptions {
  io: Server;
  sessions: SessionService;
  ledger: LedgerService;
  sessionCheckIntervalMs?: number;
}

/** Registers the channel; the returned function stops its session checks (on close). */
export function registerWalletChannel({ io, sessions, ledger, sessionCheckIntervalMs }: WalletChannelOptions): () => void {
  const wallet = walletNamespace(io);

  wallet.use((socket, next) => {
    const token = sessionTokenFromCookieHeader(socket.handshake.headers.cookie);
    if (!token) {
      next(new Error('Unauthenticated'));
      return;
    }
    sessions.resolve(token).then(
      (found) => {
        if (found.status !== 'valid') {
          next(new Error('Unauthenticated'));
          return;
        }
        Object.assign(socket.data as WalletSocketData, { userId: found.userId, sessionId: found.sessionId });
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error('Session lookup failed')),
    );
  });

  wallet.on('connection', (socket) => {
    const { userId, sessionId } = socket.data as WalletSocketData;
    // The session's room lets logout and the like cut exactly its sockets (session-sockets.ts).
    void socket.join([walletRoom(userId), sessionRoom(sessionId)]);
    // The current balances at once, so a client that missed events while disconnected catches up.
    ledger.balances(userId).then(
      (balances) => socket.emit(walletEvents.balance, walletBalanceEvent(balances)),
      () => undefined,
    );
  });

  // A session can also end by expiring, which no request announces: this process's sockets are
  // checked now and then, in one query, and those of expired sessions are cut.
  let checking = false;
  const timer = setInterval(() => {
    const open = [...wallet.sockets.values()];
    if (checking || open.length === 0) return;
    checking = true;
    const ids = [...new Set(open.map((socket) => (socket.data as WalletSocketData).sessionId))];
    sessions
      .validAmong(ids)
      .then((valid) => {
        for (const socket of open) if (!valid.has((socket.data as WalletSocketData).sessionId)) socket.disconnect(true);
      })
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, sessionCheckIntervalMs ?? SESSION_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Sends the player's current balances after every event that changed them, and
 * INSUFFICIENT_BALANCE after a refused bet. Current state, read in the delivery's transaction,
 * never a difference: a repeated or late delivery only repeats the truth. A delivery carries many
 * events (a round's bet and win, other players' rounds): the balances of all its players are read
 * in one query and each player is sent one message.
 */
export function walletSocketSubscriber(io: Server, ledger: LedgerService): Subscriber {
  return {
    name: 'wallet socket',
    handles: [...balanceChangingEvents, 'BetRefused'],
    async handleBatch(events, tx) {
      const changed = new Set<number>();
      for (const { event } of events) {
        if (event.type === 'BetRefused') emitInsufficientBalance(io, event.payload.userId, event.payload.coin);
        else changed.add(event.payload.userId);
      }
      if (changed.size === 0) return;
      const balances = await ledger.balancesOf([...changed], tx);
      for (const [userId, current] of balances) {
        walletNamespace(io).to(walletRoom(userId)).emit(walletEvents.balance, walletBalanceEvent(current));
      }
    },
  };
}

/**
 * The fast path of USER_WALLET_BALANCE: the balances a wallet call answered,
 * sent as soon as it committed, before its events are delivered. The subscriber above still
 * sends the balances read at delivery, after this send: what the page shows last is read from
 * the ledger after the call, not taken from a message that may have been overtaken.
 */
export function walletBalanceNotifier(io: Server): (userId: number, balances: Balances) => void {
  return (userId, balances) => {
    walletNamespace(io).to(walletRoom(userId)).emit(walletEvents.balance, walletBalanceEvent(balances));
  };
}

/** Tells a player's open pages that a bet was refused for lack of funds (games call this). */
export function emitInsufficientBalance(io: Server, userId: number, coin: Coin): void {
  const event: InsufficientBalanceEvent = { coin, message: INSUFFICIENT_BALANCE_MESSAGE };
  walletNamespace(io).to(walletRoom(userId)).emit(walletEvents.insufficientBalance, event);
}
