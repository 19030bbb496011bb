import { describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';

/**
 * The server's role writes no money table itself (docs/decisions/055): it calls the money
 * functions, which run as the tables' owner. This reads every function of the schema from the
 * catalogue, finds those that write a money table, directly or through another such function, and
 * checks each one's attributes, so that a migration that redefines one (CREATE OR REPLACE resets
 * SECURITY DEFINER and SET unless they are written again) fails here by name, not in production:
 * - SECURITY DEFINER, owned by the tables' owner: the server's role has no right of its own on
 *   these tables;
 * - search_path pinned to the schema the migrations ran in, then pg_temp: a caller's search path
 *   cannot put tables or functions of its own in front of the ledger's;
 * - executable by casino_app only for the calls the server makes; the others are steps of those,
 *   whose arguments (locked balances, planned rounds) the caller could forge, and nobody else's.
 * PostgreSQL only: the embedded database has one user, its owner.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Tables the server's role may not write: every change of them is a money function's. */
const MONEY_TABLES = ['ledger_accounts', 'ledger_transfers', 'ledger_entries', 'casino_wallet_transactions', 'casino_bets'];

/** The money functions the server calls (money/ledger/ledger-service.ts, money/wallet). */
const SERVER_CALLS = [
  'ledger_lock_player',
  'ledger_move',
  'wallet_bet',
  'wallet_win',
  'wallet_rollback',
  'wallet_bet_win',
  'wallet_bet_win_group',
];

interface FunctionRow {
  signature: string;
  name: string;
  body: string;
  definer: boolean;
  config: string[] | null;
  owner: string;
  app_may_call: boolean;
  anyone_may_call: boolean;
}

const writesMoneyTable = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${MONEY_TABLES.join('|')})\\b`, 'i');

/** Functions whose body writes a money table, or calls a function that does. */
function moneyFunctions(functions: FunctionRow[]): FunctionRow[] {
  const found = new Set(functions.filter((fn) => writesMoneyTable.test(fn.body)).map((fn) => fn.name));
  for (let grown = true; grown;) {
    grown = false;
    for (const fn of functions) {
      if (found.has(fn.name)) continue;
      if ([...found].some((name) => new RegExp(`\\b${name}\\s*\\(`).test(fn.body))) {
        found.add(fn.name);
        grown = true;
      }
    }
  }
  return functions.filter((fn) => found.has(fn.name));
}

describe.skipIf(!onPostgres)('the money functions (PostgreSQL only)', () => {
  it('each run as the tables’ owner with a pinned search path, and the server may call only its own calls', async () => {
    const { owner } = await testServer();
    const [schema] = await owner.withConnection((run) =>
      run(
        `select current_schema() as name, pg_get_userbyid(relowner) as table_owner from pg_class where oid = 'ledger_accounts'::regclass`,
      ),
    );
    const functions = (await owner.withConnection((run) =>
      run(`select p.oid::regprocedure::text as signature, p.proname as name, p.prosrc as body, p.prosecdef as definer,
             p.proconfig as config, pg_get_userbyid(p.proowner) as owner,
             has_function_privilege('casino_app', p.oid, 'execute') as app_may_call,
             has_function_privilege('public', p.oid, 'execute') as anyone_may_call
           from pg_proc p where p.pronamespace = current_schema()::regnamespace and p.prokind = 'f'`),
    )) as unknown as FunctionRow[];
    const money = moneyFunctions(functions);

    // The search finds what it must: every call the server makes writes money.
    expect(money.map((fn) => fn.name)).toEqual(
      expect.arrayContaining([...SERVER_CALLS, 'ledger_move_locked', 'wallet_write_planned_rounds']),
    );
    const pinned = `search_path=${String(schema!.name)}, pg_temp`;
    const problems = money.flatMap((fn) => [
      ...(fn.definer ? [] : [`${fn.signature} is not SECURITY DEFINER`]),
      ...(fn.config?.includes(pinned) ? [] : [`${fn.signature} does not pin ${pinned} (it has ${JSON.stringify(fn.config)})`]),
      ...(fn.owner === schema!.table_owner
        ? []
        : [`${fn.signature} is owned by ${fn.owner}, not by the tables' owner ${String(schema!.table_owner)}`]),
      ...(fn.anyone_may_call ? [`${fn.signature} may be called by PUBLIC`] : []),
      ...(SERVER_CALLS.includes(fn.name) === fn.app_may_call
        ? []
        : [`${fn.signature} ${fn.app_may_call ? 'may' : 'may not'} be called by casino_app`]),
    ]);
    expect(problems).toEqual([]);
  });
});
