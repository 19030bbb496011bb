import { io, type Socket } from 'socket.io-client';
import { newClient } from '../test/api.js';
import { testServer } from '../test/harness.js';
import type { TestClient } from '../test/http-client.js';
import { signWalletRequest, WALLET_SIGNATURE_HEADER, WALLET_TIMESTAMP_HEADER } from './wallet-signature.js';

/** Test helpers for the game server: signed wallet calls (as an aggregator makes them) and sockets. */
export interface SignedCallOptions {
  /** Sign with this timestamp instead of now. */
  timestamp?: number;
  /** Sign with another secret. */
  secret?: string;
  /** Send this body instead of the signed one (tampering). */
  sentBody?: string;
  omitSignature?: boolean;
}

export interface RawResponse {
  status: number;
  body: {
    data?: Record<string, unknown> & { balance?: number; balanceBefore?: number; replayed?: boolean };
    errors?: { errorCode: number; name: string; description: string; details?: Record<string, unknown> }[];
  };
}

export async function walletCall(action: string, payload: unknown, options: SignedCallOptions = {}): Promise<RawResponse> {
  const { baseUrl, config } = await testServer();
  return signedWalletCall({ baseUrl, secret: config.gameServerSecret }, action, payload, options);
}

/** A signed seamless-wallet call to any server (one started by a test, not only the shared one). */
export async function signedWalletCall(
  server: { baseUrl: string; secret: string },
  action: string,
  payload: unknown,
  options: SignedCallOptions = {},
): Promise<RawResponse> {
  const { baseUrl } = server;
  const path = `/rgs/wallet/${action}`;
  const body = JSON.stringify(payload);
  const timestamp = options.timestamp ?? Date.now();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!options.omitSignature) {
    headers[WALLET_TIMESTAMP_HEADER] = String(timestamp);
    headers[WALLET_SIGNATURE_HEADER] = signWalletRequest(options.secret ?? server.secret, {
      timestamp,
      method: 'POST',
      path,
      body,
    });
  }
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: options.sentBody ?? body });
  return { status: response.status, body: (await response.json()) as RawResponse['body'] };
}

/**
 * A socket.io connection to a namespace as this client's browser would open it (cookie, origin).
 * Events are queued from the first moment, so one sent right after the handshake is not missed.
 */
export interface TestSocket {
  socket: Socket;
  /** The oldest queued `event` not yet taken, or the next one to arrive. */
  next<T>(event: string): Promise<T>;
  close(): void;
}

export async function openSocket(namespace: string, client?: TestClient): Promise<TestSocket> {
  const { baseUrl } = await testServer();
  const socket = io(`${baseUrl}${namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    autoConnect: false,
    extraHeaders: { origin: new URL(baseUrl).origin, ...(client ? { cookie: client.cookieHeader() } : {}) },
  });
  const queued = new Map<string, unknown[]>();
  const waiting = new Map<string, ((payload: unknown) => void)[]>();
  socket.onAny((event: string, payload: unknown) => {
    const waiter = waiting.get(event)?.shift();
    if (waiter) waiter(payload);
    else queued.set(event, [...(queued.get(event) ?? []), payload]);
  });
  socket.connect();
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return {
    socket,
    next<T>(event: string) {
      const ready = queued.get(event);
      if (ready && ready.length > 0) return Promise.resolve(ready.shift() as T);
      return new Promise<T>((resolve) => waiting.set(event, [...(waiting.get(event) ?? []), resolve as (payload: unknown) => void]));
    },
    close: () => socket.disconnect(),
  };
}

let firstGameId: number | undefined;
/** The id of a game of the demo catalogue (the first the lobby lists). */
export async function anyGameId(): Promise<number> {
  if (firstGameId === undefined) {
    const response = await (await newClient()).get<{ data: { rows: { masterCasinoGameId: number }[] } }>('casino-games', { limit: 1 });
    firstGameId = response.body.data.rows[0]!.masterCasinoGameId;
  }
  return firstGameId;
}
