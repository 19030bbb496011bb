import { errorNameForCode, type ApiErrorBody } from '@casino/contracts/errors';
import { fromHundredths, toHundredths, type Hundredths } from '@casino/contracts/money';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.js';
import type { Coin } from '../ledger/types.js';
import type { WalletMoveResult } from './wallet-api/schemas.js';
import type { WalletBet, WalletMove, WalletRollback, WalletWin } from './wallet-api/service.js';
import { signWalletRequest, WALLET_SIGNATURE_HEADER, WALLET_TIMESTAMP_HEADER } from './wallet-signature.js';

/**
 * The in-house game server's client of the seamless-wallet API. It signs each request and sends
 * it through the server's own HTTP pipeline (Fastify inject: routing, body parsing, signature
 * check, validation, error envelope), exactly the calls an external aggregator makes over the
 * network, so the game server has no shortcut to the ledger. Amounts are hundredths on both
 * sides; the wire's decimals exist only inside `call`.
 */
export interface WalletClient {
  balance(input: { userId: number; coin: Coin }): Promise<Hundredths>;
  bet(input: WalletBet): Promise<WalletMove>;
  win(input: WalletWin): Promise<WalletMove>;
  rollback(input: WalletRollback): Promise<WalletMove>;
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

  return {
    balance: async (input) => toHundredths((await call<{ balance: number }>('balance', input)).balance),
    bet: async (input) => moved(await call<WalletMoveResult>('bet', { ...input, amount: fromHundredths(input.amount) })),
    win: async (input) => moved(await call<WalletMoveResult>('win', { ...input, amount: fromHundredths(input.amount) })),
    rollback: async (input) => moved(await call<WalletMoveResult>('rollback', input)),
  };
}
