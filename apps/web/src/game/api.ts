import type { ApiErrorItem } from '@casino/contracts/errors';
import { GAME_SESSION_HEADER, RGS_PREFIX } from '@casino/contracts/rgs-constants';
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

export async function playRound(bet: number, requestId: string): Promise<RoundResult> {
  return (await gameHttp.post<RoundResult>('rounds', { bet, requestId })).data;
}

/** An id for one press of Spin / Buy: a retry of the same press cannot be charged twice. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
