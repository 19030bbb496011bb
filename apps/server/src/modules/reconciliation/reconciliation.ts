import type { MoneyAlertRow, ReconciliationCheck, ReconciliationRun } from '@casino/contracts/admin-money';
import { desc, eq, gte, and, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { moneyAlerts, reconciliationRuns } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/job-runner.js';

/**
 * Daily reconciliation (docs/ARCHITECTURE.md 'The money core'): plain SQL on the tables, so that
 * it judges whatever code wrote them. Each check answers the rows that break it (at most
 * MAX_ROWS); a run with any is stored with them, becomes a money alert the back office lists,
 * and is logged as an error. The back office's money desk shows the runs and alerts and starts
 * a run through this module.
 */
const MAX_ROWS = 50;

interface CheckDefinition {
  check: string;
  title: string;
  violations: SQL;
}

const checks: CheckDefinition[] = [
  {
    check: 'purchases_credited_once',
    // A refunded or charged-back purchase (status 10) was paid: its credit stays, and its reversal is another transfer.
    title: 'Every paid purchase has exactly one ledger credit, and nothing unpaid was credited',
    violations: sql`
      select i.id as "purchaseId", i.merchant_ref_num as "merchantRefNum", i.status, count(t.id)::int as credits,
             i.credited_transfer_id as "creditedTransferId"
      from payment_intents i
      left join ledger_transfers t on t.reason = 'purchase' and t.reference = i.merchant_ref_num
      group by i.id
      having count(t.id) <> (case when i.status in (1, 10) then 1 else 0 end)
          or (i.status in (1, 10) and not coalesce(bool_or(t.id = i.credited_transfer_id), false))
      union all
      select null, t.reference, null, 1, t.id from ledger_transfers t
      where t.reason = 'purchase' and not exists (select 1 from payment_intents i where i.merchant_ref_num = t.reference)
      limit ${MAX_ROWS}`,
  },
  {
    check: 'entries_sum_to_zero',
    title: 'The entries of every account, house and player, sum to zero per coin',
    violations: sql`select coin, sum(amount)::text as total from ledger_entries group by coin having sum(amount) <> 0`,
  },
  {
    check: 'transfers_balanced',
    title: 'Every transfer sums to zero per coin',
    violations: sql`
      select transfer_id as "transferId", coin, sum(amount)::text as total
      from ledger_entries group by transfer_id, coin having sum(amount) <> 0
      order by transfer_id limit ${MAX_ROWS}`,
  },
  {
    check: 'cached_balances_match_entries',
    title: "Every player account's cached balance equals the sum of its entries",
    violations: sql`
      select a.id as "accountId", a.user_id as "userId", a.kind, a.coin, a.balance::text as cached,
             coalesce(sum(e.amount), 0)::text as entries
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.user_id is not null
      group by a.id
      having a.balance is distinct from coalesce(sum(e.amount), 0)
      order by a.id limit ${MAX_ROWS}`,
  },
  {
    check: 'pending_redemptions_held',
    title: "Every player's pending-redemption account holds exactly their open redemptions",
    violations: sql`
      select a.user_id as "userId", a.balance::text as held,
             coalesce(sum(r.amount) filter (where r.status in (0, 7)), 0)::text as open
      from ledger_accounts a left join redemptions r on r.user_id = a.user_id
      where a.kind = 'SC_PENDING_REDEMPTION'
      group by a.id
      having a.balance <> coalesce(sum(r.amount) filter (where r.status in (0, 7)), 0)
      order by a.user_id limit ${MAX_ROWS}`,
  },
];

type Cell = string | number | boolean | null;

function flat(row: Record<string, unknown>): Record<string, Cell> {
  const cell = (value: unknown): Cell =>
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : typeof value === 'bigint'
        ? value.toString()
        : JSON.stringify(value);
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(value)]));
}

function toRun(row: typeof reconciliationRuns.$inferSelect): ReconciliationRun {
  return {
    runId: row.id,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    clean: row.mismatchCount === 0,
    mismatchCount: row.mismatchCount,
    checks: row.checks,
  };
}

export interface Reconciliation {
  /** Runs every check, stores the run, and raises an alert (row and log line) if anything broke. */
  run(trigger: 'job' | 'operator', operatorId?: number | null): Promise<ReconciliationRun>;
  /** The latest run and the latest alerts. */
  overview(): Promise<{ latest: ReconciliationRun | null; alerts: MoneyAlertRow[] }>;
  /** The daily job's body: one job run per UTC day (the job is queued hourly so a restart does not skip a day). */
  runDaily(now?: Date): Promise<ReconciliationRun | null>;
}

export function createReconciliation(db: Database, log: { error: (object: unknown, message: string) => void }): Reconciliation {
  async function run(trigger: 'job' | 'operator', operatorId: number | null = null): Promise<ReconciliationRun> {
    const startedAt = new Date();
    const results: ReconciliationCheck[] = [];
    for (const definition of checks) {
      const rows = await queryRows<Record<string, unknown>>(db, definition.violations);
      results.push({ check: definition.check, title: definition.title, mismatches: rows.map(flat) });
    }
    const mismatchCount = results.reduce((total, result) => total + result.mismatches.length, 0);
    const stored = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reconciliationRuns)
        .values({ trigger, operatorId, startedAt, mismatchCount, checks: results })
        .returning();
      if (mismatchCount > 0) {
        const broken = results.filter((result) => result.mismatches.length > 0).map((result) => result.check);
        await tx.insert(moneyAlerts).values({
          kind: 'reconciliation_mismatch',
          summary: `Reconciliation found ${mismatchCount} mismatch${mismatchCount === 1 ? '' : 'es'}: ${broken.join(', ')}`,
          runId: row!.id,
        });
      }
      return row!;
    });
    if (mismatchCount > 0) {
      log.error(
        { runId: stored.id, mismatchCount, checks: results.filter((result) => result.mismatches.length > 0).map((result) => result.check) },
        'reconciliation found mismatches',
      );
    }
    return toRun(stored);
  }

  return {
    run,

    async overview() {
      const [latest] = await db
        .select()
        .from(reconciliationRuns)
        .orderBy(desc(reconciliationRuns.finishedAt), desc(reconciliationRuns.id))
        .limit(1);
      const alerts = await db.select().from(moneyAlerts).orderBy(desc(moneyAlerts.createdAt), desc(moneyAlerts.id)).limit(20);
      return {
        latest: latest ? toRun(latest) : null,
        alerts: alerts.map((alert) => ({
          alertId: alert.id,
          kind: alert.kind,
          summary: alert.summary,
          runId: alert.runId,
          createdAt: alert.createdAt.toISOString(),
        })),
      };
    },

    async runDaily(now = new Date()) {
      const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const [done] = await db
        .select({ id: reconciliationRuns.id })
        .from(reconciliationRuns)
        .where(and(eq(reconciliationRuns.trigger, 'job'), gte(reconciliationRuns.startedAt, dayStart)))
        .limit(1);
      if (done) return null;
      return run('job');
    },
  };
}

/** The daily reconciliation job: queued hourly, it runs once per UTC day (the runs table says whether today's ran). */
export function defineReconciliationJob(jobs: JobRunner, reconciliation: Reconciliation): void {
  jobs.define('admin.reconciliation', {
    everySeconds: 60 * 60,
    handler: async () => {
      await reconciliation.runDaily();
    },
  });
}
