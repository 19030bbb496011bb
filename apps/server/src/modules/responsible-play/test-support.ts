import { randomUUID } from 'node:crypto';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { users } from '../../db/schema/index.js';
import { anyGameId, walletCall, type RawResponse } from '../../rgs/test-support.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { hashPassword } from '../auth/passwords.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { createSessionService } from '../../kernel/sessions/session-service.js';
import { TEST_PASSWORD } from '../auth/test-players.js';

/** A verified player with a password (the confirmations need it) and a signed-in client. */
export interface PasswordPlayer {
  userId: number;
  email: string;
  client: TestClient;
  cookie: string;
}

let passwordHash: Promise<string> | undefined;

export async function playerWithPassword(): Promise<PasswordPlayer> {
  const { database } = await testServer();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const username = uniqueName('rg');
  const email = `${username.toLowerCase()}@rg.test`;
  const [row] = await database.db
    .insert(users)
    .values({ username, email, emailVerifiedAt: new Date(), passwordHash: await passwordHash })
    .returning({ id: users.id });
  const session = await newSession(row!.id);
  return { userId: row!.id, email, ...session };
}

/** Another signed-in browser of the same player. */
export async function newSession(userId: number): Promise<{ client: TestClient; cookie: string }> {
  const { database, config } = await testServer();
  const { token } = await createSessionService(database.db, config).create(userId, { ip: '127.0.0.1', userAgent: 'vitest' });
  const client = await newClient();
  client.setCookie(SESSION_COOKIE, token);
  return { client, cookie: `${SESSION_COOKIE}=${token}` };
}

export const PASSWORD = encodeBase64Utf8(TEST_PASSWORD);

export function setting(client: TestClient, body: Record<string, unknown>) {
  return client.post('responsible-gambling/responsible-gambling-setting', { password: PASSWORD, ...body });
}

export interface PlacedBet {
  response: RawResponse;
  transactionId: string;
  roundId: string;
  gameId: number;
}

/** A bet as a game server sends it to the seamless wallet (amount in coins, e.g. 0.5). */
export async function bet(userId: number, amount: number, coin: 'SC' | 'GC' = 'SC'): Promise<PlacedBet> {
  const gameId = await anyGameId();
  const transactionId = `tx-${randomUUID()}`;
  const roundId = `round-${randomUUID()}`;
  const response = await walletCall('bet', { transactionId, userId, gameId, roundId, coin, amount });
  return { response, transactionId, roundId, gameId };
}

export function rollback(userId: number, placed: PlacedBet): Promise<RawResponse> {
  return walletCall('rollback', {
    transactionId: `tx-${randomUUID()}`,
    userId,
    gameId: placed.gameId,
    roundId: placed.roundId,
    betTransactionId: placed.transactionId,
  });
}
