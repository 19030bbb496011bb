import { randomUUID } from 'node:crypto';
import { users } from '../db/schema/index.js';
import { standaloneLedger, type StandaloneLedger } from '../money/ledger/testing.js';
import { SESSION_COOKIE } from '../kernel/sessions/session-cookie.js';
import { createSessionService } from '../kernel/sessions/session-service.js';
import { newClient, uniqueName } from './api.js';
import { testServer } from './harness.js';
import type { TestClient } from './http-client.js';

/**
 * A signed-in player for integration tests that are not about accounts: the user row and the
 * session are created directly (as login would), and the client carries the session cookie.
 */
export interface SignedInPlayer {
  client: TestClient;
  userId: number;
  username: string;
}

export async function signedInClient(prefix = 'pl'): Promise<SignedInPlayer> {
  const { database, config } = await testServer();
  const username = uniqueName(prefix);
  const [row] = await database.db
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}@games.test`, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (!row) throw new Error('could not create a test player');
  const { token } = await createSessionService(database.db, config).create(row.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  const client = await newClient();
  client.setCookie(SESSION_COOKIE, token);
  return { client, userId: row.id, username };
}

let ledger: StandaloneLedger | undefined;

/** The ledger over the test database (to fund players as a bonus would; there is no free-coins call). */
export async function testLedger(): Promise<StandaloneLedger> {
  if (!ledger) ledger = standaloneLedger((await testServer()).database.db);
  return ledger;
}

/** Credits GC and SC (hundredths) to a player as bonus coins. */
export async function fundPlayer(userId: number, { gc = 0, sc = 0 }: { gc?: number; sc?: number }): Promise<void> {
  await (await testLedger()).creditBonus({ userId, gc, sc, reason: 'adjustment', idempotencyKey: `test-funding:${randomUUID()}` });
}
