import { errorNameForCode, type ApiErrorBody } from '@casino/contracts/errors';
import { fromHundredths, toHundredths, type Hundredths } from '@casino/contracts/money';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.js';
import type { Coin } from '../money/ledger/types.js';
import type { WalletMoveResult } from '../money/wallet/schemas.js';
import type { UnitOfWork } from '../events/event-bus.js';
import type {
  InstantRoundRow,
  WalletApiService,
  WalletBet,
  WalletBetWin,
  WalletMove,
  WalletRollback,
  WalletWin,
} from '../money/wallet/service.js';
import { signWalletRequest, WALLET_SIGNATURE_HEADER, WALLET_TIMESTAMP_HEADER } from './wallet-signature.js';

/**
 * The in-house game server's client of the seamless-wallet API: the same typed interface whether
 * the calls go in process (createInProcessWalletClient, what the game server uses,
 * docs/decisions/065) or signed through the HTTP pipeline (createWalletClient: routing, body parsing, signature
 * check, validation, error envelope), exactly the calls an external aggregator makes over the
 * network. Either way the game server moves coins only through the wallet service, never the
 * ledger. Amounts are hundredths on both sides; the wire's decimals exist only inside `call`.
 */
export interface WalletClient {
  balance(input: { userId: number; coin: Coin }): Promise<Hundredths>;
  /**
   * `within`: the game server's unit of work, which the call joins (in process only: an outside
   * provider cannot join the casino's transaction, and the HTTP client refuses to pretend it does).
   */
  bet(input: WalletBet, within?: UnitOfWork): Promise<WalletMove>;
  win(input: WalletWin, within?: UnitOfWork): Promise<WalletMove>;
  rollback(input: WalletRollback, within?: UnitOfWork): Promise<WalletMove>;
  /**
   * An instant game's round: the bet and its win in one call. `within` may also be the game
   * server's round, whose row the wallet writes in the call's own statement (in process only).
   */
  betAndWin(input: WalletBetWin, within?: UnitOfWork | InstantRoundRow): Promise<{ bet: WalletMove; win: WalletMove }>;
}

export const WALLET_API_PREFIX = '/rgs/wallet';

/** A refusal the wallet answered (4xx with its error code), as opposed to the call failing. */
export class WalletRefusal extends AppError {}

export function createWalletClient(app: FastifyInstance, secret: string): WalletClient {
  async function call<T>(action: string, payload: object): Promise<T> {
    const path = `${WALLET_API_PREFIX}/${action}`;
    const body = JSON.stringify(payload);
    const timestamp = Date.now();
    const signature = signWalletRequest(secret, { timestamp, method: 'POST', path, body });
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        [WALLET_TIMESTAMP_HEADER]: String(timestamp),
        [WALLET_SIGNATURE_HEADER]: signature,
      },
      payload: body,
    });
    const parsed = response.json<{ data: T } | ApiErrorBody>();
    if (response.statusCode === 200 && 'data' in parsed) return parsed.data;
    const first = 'errors' in parsed ? parsed.errors[0] : undefined;
    const name = first ? errorNameForCode(first.errorCode) : undefined;
    if (response.statusCode < 500 && name) throw new WalletRefusal(name, first?.description);
    throw new Error(`wallet ${action} failed with HTTP ${response.statusCode}`);
  }

  const moved = (result: WalletMoveResult): WalletMove => ({
    ...result,
    balanceBefore: toHundredths(result.balanceBefore),
    balance: toHundredths(result.balance),
  });

  function overHttp(within: UnitOfWork | InstantRoundRow | undefined): void {
    if (within) throw new Error("A call over HTTP cannot join the casino's transaction");
  }

  return {
    balance: async (input) => toHundredths((await call<{ balance: number }>('balance', input)).balance),
    bet: async (input, within) => {
      overHttp(within);
      return moved(await call<WalletMoveResult>('bet', { ...input, amount: fromHundredths(input.amount) }));
    },
    win: async (input, within) => {
      overHttp(within);
      return moved(await call<WalletMoveResult>('win', { ...input, amount: fromHundredths(input.amount) }));
    },
    rollback: async (input, within) => {
      overHttp(within);
      return moved(await call<WalletMoveResult>('rollback', input));
    },
    betAndWin: async (input, within) => {
      overHttp(within);
      const result = await call<{ bet: WalletMoveResult; win: WalletMoveResult }>('bet-win', {
        ...input,
        amount: fromHundredths(input.amount),
        winAmount: fromHundredths(input.winAmount),
      });
      return { bet: moved(result.bet), win: moved(result.win) };
    },
  };
}

/**
 * The wallet service called in process, through the same interface: no JSON, signature or routing
 * per call. A refusal (an AppError of the wallet: insufficient balance, round closed...) becomes a
 * WalletRefusal as the HTTP client makes it from a 4xx; anything else stays a failure.
 */
export function createInProcessWalletClient(service: WalletApiService): WalletClient {
  async function refusalOf<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (error instanceof AppError && !(error instanceof WalletRefusal) && error.status < 500) {
        throw new WalletRefusal(error.errorName, error.message, error.details);
      }
      throw error;
    }
  }
  return {
    balance: ({ userId, coin }) => refusalOf(service.balance(userId, coin)),
    bet: (input, within) => refusalOf(service.bet(input, within)),
    win: (input, within) => refusalOf(service.win(input, within)),
    rollback: (input, within) => refusalOf(service.rollback(input, within)),
    betAndWin: (input, within) => refusalOf(service.betAndWin(input, within)),
  };
}
