import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { LedgerService } from '../ledger/types.js';
import type { LiveWinnersChannel } from '../realtime/live-winners.js';
import { emitInsufficientBalance } from '../realtime/wallet.js';
import { createRoundService } from './rounds.js';
import { gameServerRoutes } from './routes.js';
import { createGameSessionService } from './sessions.js';
import { createWalletApiService } from './wallet-api/service.js';
import { walletApiRoutes } from './wallet-api/routes.js';
import { createWalletClient, WALLET_API_PREFIX } from './wallet-client.js';

export interface GameServerDependencies {
  config: Config;
  db: Database;
  ledger: LedgerService;
  io: Server;
  liveWinners: LiveWinnersChannel;
}

/**
 * Everything under /rgs: the seamless-wallet API (the casino's side, called by game servers) and
 * the in-house game server, which is one such caller: its only way to move coins is a signed
 * request to that API through the app's own HTTP pipeline.
 */
export async function registerGameServer(app: FastifyInstance, deps: GameServerDependencies): Promise<void> {
  const secret = deps.config.gameServerSecret;
  const walletApi = createWalletApiService(deps.db, deps.ledger, {
    onInsufficientBalance: (userId, coin) => emitInsufficientBalance(deps.io, userId, coin),
    onWin: () => deps.liveWinners.publish(),
  });
  await app.register(walletApiRoutes, { prefix: WALLET_API_PREFIX, wallet: walletApi, secret });

  const wallet = createWalletClient(app, secret);
  await app.register(gameServerRoutes, {
    prefix: '/rgs',
    sessions: createGameSessionService(deps.db, secret),
    rounds: createRoundService(deps.db, wallet, app.log),
    wallet,
    webDistDir: deps.config.webDistDir,
  });
}
