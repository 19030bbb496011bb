import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { EventBus } from '../events/event-bus.js';
import type { JobRunner } from '../jobs/job-runner.js';
import type { LedgerService } from '../money/ledger/types.js';
import type { LocationGate } from '../kernel/location-gate/gate.js';
import { createRoundService } from './rounds.js';
import { gameServerRoutes } from './routes.js';
import { createSeedPairService } from './seed-pairs.js';
import { createGameSessionService } from './sessions.js';
import { createWalletApiService, type WalletNotifications } from '../money/wallet/service.js';
import { walletApiRoutes } from '../money/wallet/routes.js';
import { createInProcessWalletClient, WALLET_API_PREFIX } from './wallet-client.js';

export interface GameServerDependencies {
  config: Config;
  db: Database;
  bus: EventBus;
  ledger: LedgerService;
  jobs: JobRunner;
  location: LocationGate;
  /** The sockets' fast path: the player's balances, and a GC round's win, right after a wallet call committed. */
  notify: WalletNotifications;
}

/** Rounds open longer than this are taken as left behind by a crash (a round takes milliseconds). */
export const OPEN_ROUND_GRACE_SECONDS = 15;

/**
 * Everything under /rgs: the seamless-wallet API (the casino's side, called by game servers) and
 * the in-house game server, which is one such caller: its only way to move coins is that API's
 * service, called in process through the same typed interface the signed HTTP API serves to
 * outside providers (wallet-client.ts). The recovery job finishes the rounds a crash left open.
 */
export async function registerGameServer(app: FastifyInstance, deps: GameServerDependencies): Promise<void> {
  const secret = deps.config.gameServerSecret;
  const walletApi = createWalletApiService(deps.db, deps.bus, deps.ledger, {
    ...deps.notify,
    // Its record and money alert committed with the refusal (migration 0178); this is its log line.
    winRefused: (refused) => app.log.error({ refusedWin: refused }, "a win above its game's limit was refused: nothing was paid"),
  });
  await app.register(walletApiRoutes, { prefix: WALLET_API_PREFIX, wallet: walletApi, secret });

  const wallet = createInProcessWalletClient(walletApi);
  const seeds = createSeedPairService(deps.db);
  const rounds = createRoundService(deps.db, wallet, app.log, seeds);
  deps.jobs.define('rgs.recover-open-rounds', {
    everySeconds: 10,
    handler: async () => {
      await rounds.recoverOpenRounds(OPEN_ROUND_GRACE_SECONDS);
    },
  });
  await app.register(gameServerRoutes, {
    prefix: '/rgs',
    sessions: createGameSessionService(deps.db, secret),
    rounds,
    seeds,
    wallet,
    webDistDir: deps.config.webDistDir,
    location: deps.location,
  });
}
