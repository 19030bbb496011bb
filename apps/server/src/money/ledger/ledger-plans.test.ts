import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { isolatedDatabase } from '../../test/isolated-server.js';
import { SOURCE_SCHEMA } from '../../db/schema-sources.js';

/**
 * A movement's checks read the ledger by its indexes, however small the ledger was when the
 * connection first moved coins (ledger_entries_balanced.sql, docs/decisions/064-money-path-speed.md).
 * PostgreSQL keeps the plan of a trigger's query for the life of the connection: the check that
 * every entry names an existing transfer was planned, on a nearly empty ledger, as a hash of the
 * whole transfers table, and a server's pooled connection then read every transfer ever written
 * at each movement (seen in the round benchmark: about 12,500 rows read a round, whole rounds
 * halving as the ledger grew).
 *
 * Only PostgreSQL plans this way (PGlite runs the same SQL, but a test of plans there proves
 * nothing about production), and the ledger must start empty: a database of its own.
 */
describe.skipIf(!process.env.DATABASE_URL)('a ledger movement on a connection that first moved coins when the ledger was small', () => {
  let database: DatabaseHandle;
  let url: string;
  let session: pg.Client;
  let userId: number;

  beforeAll(async () => {
    const target = await isolatedDatabase('ledger-plans', { suffix: 'ledger_plans' });
    url = target.databaseUrl!;
    database = await openDatabase({ databaseUrl: url, dataDir: target.dataDir });
    await migrate(database, SOURCE_SCHEMA);
    session = new pg.Client({ connectionString: url });
    await session.connect();
    const made = await session.query<{ id: string }>(
      `insert into users (username, email) values ('ledgerplans', 'ledger-plans@test.local') returning id`,
    );
    userId = Number(made.rows[0]!.id);
  });

  afterAll(async () => {
    await session?.end();
    await database?.close();
  });

  /** A transfer between two house accounts (GC promotions to GC game play), written as the ledger writes one: transfer, then its entries in one statement. */
  async function move(key: string): Promise<number> {
    await session.query('begin');
    const transfer = await session.query<{ id: string }>(
      `insert into ledger_transfers (idempotency_key, fingerprint, user_id, reason, gc_amount, sc_amount, balances_before, balances_after)
       values ($1, 'fp', $2, 'adjustment', 0, 0, '{}', '{}') returning id`,
      [key, userId],
    );
    await session.query(
      `insert into ledger_entries (transfer_id, account_id, coin, amount)
       select $1, id, coin, case kind when 'PROMOTIONS' then -5 else 5 end
       from ledger_accounts where user_id is null and coin = 'GC' and kind in ('PROMOTIONS', 'GAME_PLAY')`,
      [transfer.rows[0]!.id],
    );
    const read = await session.query<{ rows: string }>(
      `select coalesce(sum(seq_tup_read), 0) as rows from pg_stat_xact_user_tables where relname = 'ledger_transfers'`,
    );
    await session.query('commit');
    return Number(read.rows[0]!.rows);
  }

  it('reads no transfer but its own, however many the ledger has gained since', async () => {
    await move('plans:first');
    // The ledger grows: 20,000 transfers written by other connections.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query(
        `insert into ledger_transfers (idempotency_key, fingerprint, user_id, reason, gc_amount, sc_amount, balances_before, balances_after)
         select 'plans:grown:' || n, 'fp', $1, 'adjustment', 0, 0, '{}', '{}' from generate_series(1, 20000) n`,
        [userId],
      );
    } finally {
      await other.end();
    }
    expect(await move('plans:after-growth')).toBe(0);
    const [row] = (await session.query<{ n: string }>(`select count(*) as n from ledger_entries`)).rows;
    expect(Number(row!.n)).toBe(4);
  });
});
