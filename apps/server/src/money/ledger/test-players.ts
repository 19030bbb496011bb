import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { createSessionService } from '../../kernel/sessions/session-service.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';

/** Players for ledger tests, straight into the users table (the ledger needs only their ids). */
export async function createTestPlayers(db: Database, count: number, { verified = true } = {}): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        const username = uniqueName('led');
        return { username, email: `${username}@ledger.test`, emailVerifiedAt: verified ? new Date() : null };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export interface AccountAudit {
  kind: string;
  cached: number;
  entries: number;
}

/** Each account of the players: the cached balance next to the sum of its entries. */
export async function auditPlayerAccounts(db: Database, userIds: number[]): Promise<AccountAudit[]> {
  const rows = await queryRows<{ kind: string; cached: string; entries: string }>(
    db,
    sql`select a.kind, a.balance::text as cached, coalesce(sum(e.amount), 0)::text as entries
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by a.id, a.kind, a.balance order by a.id`,
  );
  return rows.map((row) => ({ kind: row.kind, cached: Number(row.cached), entries: Number(row.entries) }));
}

/** Per coin, the sum of every entry of every transfer of these players (zero when balanced). */
export async function entrySumsPerCoin(db: Database, userIds: number[]): Promise<Record<string, number>> {
  const rows = await queryRows<{ coin: string; total: string }>(
    db,
    sql`select e.coin, coalesce(sum(e.amount), 0)::text as total
        from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
        where t.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by e.coin`,
  );
  return Object.fromEntries(rows.map((row) => [row.coin, Number(row.total)]));
}

/**
 * A player with a session, and a browser (cookie jar) holding its cookie: the wallet and bonus
 * tests need signed-in players without going through sign-up, verification and login.
 */
export async function signedInPlayer({ verified = true } = {}): Promise<{ userId: number; client: TestClient; cookie: string }> {
  const { database, config } = await testServer();
  const [userId] = await createTestPlayers(database.db, 1, { verified });
  const { token } = await createSessionService(database.db, config).create(userId!, {});
  const client = await newClient();
  client.setCookie(SESSION_COOKIE, token);
  return { userId: userId!, client, cookie: `${SESSION_COOKIE}=${token}` };
}
