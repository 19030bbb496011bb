import { GAME_SESSION_HEADER, RGS_PREFIX } from '@casino/contracts/rgs-constants';
import type { OpenSessionResult, RoundResult } from '@casino/contracts/rgs';

/**
 * The game page's client of the game server (/rgs/api). The session token lives only in this
 * module's memory: never in storage, never in a cookie.
 */
export class GameApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'GameApiError';
  }
}

let sessionToken: string | undefined;

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (sessionToken) headers[GAME_SESSION_HEADER] = sessionToken;
  let response: Response;
  try {
    response = await fetch(`${RGS_PREFIX}/api/${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new GameApiError(0, undefined, 'Connection lost. Please check your network and try again.');
  }
  const parsed = (await response.json().catch(() => ({}))) as { data?: T; errors?: { errorCode: number; description: string }[] };
  if (!response.ok || parsed.data === undefined) {
    const first = parsed.errors?.[0];
    throw new GameApiError(response.status, first?.errorCode, first?.description ?? 'Something went wrong. Please try again.');
  }
  return parsed.data;
}

export async function openSession(launchToken: string): Promise<OpenSessionResult> {
  const session = await call<OpenSessionResult>('POST', 'sessions', { launchToken });
  sessionToken = session.sessionToken;
  return session;
}

export function playRound(bet: number, requestId: string): Promise<RoundResult> {
  return call<RoundResult>('POST', 'rounds', { bet, requestId });
}

/** An id for one press of Spin / Buy: a retry of the same press cannot be charged twice. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
