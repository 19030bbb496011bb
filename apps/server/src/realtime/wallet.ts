import { fromHundredths } from '@casino/contracts/money';
import {
  INSUFFICIENT_BALANCE_MESSAGE,
  WALLET_NAMESPACE,
  walletEvents,
  type InsufficientBalanceEvent,
  type WalletBalanceEvent,
} from '@casino/contracts/wallet';
import { balanceChangingEvents } from '@casino/contracts/events';
import type { Server } from 'socket.io';
import type { Subscriber } from '../events/event-bus.js';
import type { Coin, Balances, LedgerService } from '../ledger/types.js';
import { sessionTokenFromCookieHeader } from '../modules/auth/session-cookie.js';
import type { SessionService } from '../modules/auth/session-service.js';

/**
 * The wallet channel (DESIGN.md section 4, seed 000 section 4 'Sockets'): namespace /wallet,
 * authenticated by the session cookie at the handshake (the Origin is checked for every socket
 * in realtime.ts), one room per player. USER_WALLET_BALANCE follows every committed balance
 * change (a subscriber of the domain events); with REDIS_URL the Redis adapter carries it to the
 * process the player is connected to.
 */
interface WalletSocketData {
  userId: number;
}

export function walletRoom(userId: number): string {
  return `user:${userId}`;
}

export function walletBalanceEvent(balances: Balances): WalletBalanceEvent {
  return {
    gcCoin: fromHundredths(balances.gc),
    scCoin: fromHundredths(balances.bsc + balances.psc + balances.wsc),
    wsc: fromHundredths(balances.wsc),
    bsc: fromHundredths(balances.bsc),
    psc: fromHundredths(balances.psc),
  };
}

export function registerWalletChannel({ io, sessions, ledger }: { io: Server; sessions: SessionService; ledger: LedgerService }): void {
  const wallet = io.of(WALLET_NAMESPACE);

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
        (socket.data as WalletSocketData).userId = found.userId;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error('Session lookup failed')),
    );
  });

  wallet.on('connection', (socket) => {
    const { userId } = socket.data as WalletSocketData;
    void socket.join(walletRoom(userId));
    // The current balances at once, so a client that missed events while disconnected catches up.
    ledger.balances(userId).then(
      (balances) => socket.emit(walletEvents.balance, walletBalanceEvent(balances)),
      () => undefined,
    );
  });
}

/**
 * Sends the player's current balances after every event that changed them, and
 * INSUFFICIENT_BALANCE after a refused bet. Current state, read in the delivery's transaction,
 * never a difference: a repeated or late delivery only repeats the truth.
 */
export function walletSocketSubscriber(io: Server, ledger: LedgerService): Subscriber {
  return {
    name: 'wallet socket',
    handles: [...balanceChangingEvents, 'BetRefused'],
    async handle(event, { tx }) {
      if (event.type === 'BetRefused') {
        emitInsufficientBalance(io, event.payload.userId, event.payload.coin);
        return;
      }
      const { userId } = event.payload;
      const balances = await ledger.balances(userId, tx);
      io.of(WALLET_NAMESPACE).to(walletRoom(userId)).emit(walletEvents.balance, walletBalanceEvent(balances));
    },
  };
}

/** Tells a player's open pages that a bet was refused for lack of funds (games call this). */
export function emitInsufficientBalance(io: Server, userId: number, coin: Coin): void {
  const event: InsufficientBalanceEvent = { coin, message: INSUFFICIENT_BALANCE_MESSAGE };
  io.of(WALLET_NAMESPACE).to(walletRoom(userId)).emit(walletEvents.insufficientBalance, event);
}
