import type { ApiErrorItem } from '@casino/contracts/errors';
import { GAME_SESSION_HEADER, RGS_PREFIX } from '@casino/contracts/rgs-constants';
import type { RotateSeedsResult, SeedPair } from '@casino/contracts/provably-fair';
import type { OpenSessionResult, RoundResult } from '@casino/contracts/rgs';
import { ApiError, createHttpClient } from '../lib/http-client';

/**
 * The game page's client of the game server (/rgs/api), a configuration of the web app's one HTTP
 * client (lib/http-client.ts). The session token lives only in this module's memory: never in
 * storage, never in a cookie.
 */
export class GameApiError extends ApiError {
  constructor(status: number, errors: ApiErrorItem[]) {
    super(status, errors);
    this.name = 'GameApiError';
  }
}

let sessionToken: string | undefined;

const gameHttp = createHttpClient({
  base: `${RGS_PREFIX}/api`,
  credentials: 'omit',
  headers: (): Record<string, string> => (sessionToken ? { [GAME_SESSION_HEADER]: sessionToken } : {}),
  toError: (status, errors) => new GameApiError(status, errors),
  describeFailure: (status) =>
    status === 0 ? 'Connection lost. Please check your network and try again.' : 'Something went wrong. Please try again.',
});

export async function openSession(launchToken: string): Promise<OpenSessionResult> {
  const { data: session } = await gameHttp.post<OpenSessionResult>('sessions', { launchToken });
  sessionToken = session.sessionToken;
  return session;
}

const roundListeners: ((round: RoundResult) => void)[] = [];

/** Hears every round this page plays once it answered (the fairness panel keeps its seeds). */
export function onRoundPlayed(listener: (round: RoundResult) => void): void {
  roundListeners.push(listener);
}

export async function playRound(bet: number, requestId: string): Promise<RoundResult> {
  const round = (await gameHttp.post<RoundResult>('rounds', { bet, requestId })).data;
  for (const listener of roundListeners) listener(round);
  return round;
}

/** The player's current provably fair seed pair (the server seed's hash only). */
export async function currentSeeds(): Promise<SeedPair> {
  return gameHttp.get<SeedPair>('seeds');
}

/** Reveals the current server seed and starts a new pair, with a new client seed when given. */
export async function rotateSeeds(clientSeed?: string): Promise<RotateSeedsResult> {
  return (await gameHttp.post<RotateSeedsResult>('seeds/rotate', clientSeed === undefined ? {} : { clientSeed })).data;
}

/** An id for one press of Spin / Buy: a retry of the same press cannot be charged twice. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
