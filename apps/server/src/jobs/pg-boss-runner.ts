import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.js';
import { backlogOf, DEFAULT_RETRY_LIMIT, queuePeriodicJobs, type JobDefinition, type JobOptions, type JobRunner } from './job-runner.js';

/**
 * Jobs on PostgreSQL through pg-boss. Its tables live in the `pgboss` schema of the application's
 * database, made by prepareJobSchema below before the server starts. Each defined job has a
 * queue; workers poll every second.
 */
interface Logger {
  error: (object: unknown, message: string) => void;
}

const JOB_SCHEMA = 'pgboss';

/** Everything in the job schema that is not casino_app's yet, and that this role may give away. */
const HAND_OVER = `do $$
declare
  item record;
begin
  if (select nspowner <> 'casino_app'::regrole from pg_namespace where nspname = '${JOB_SCHEMA}') then
    alter schema ${JOB_SCHEMA} owner to casino_app;
  end if;
  for item in
    select format('alter table %s owner to casino_app', c.oid::regclass) as command
    from pg_class c
    where c.relnamespace = '${JOB_SCHEMA}'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and c.relowner <> 'casino_app'::regrole and pg_has_role(c.relowner, 'usage')
      -- A column's sequence follows its table.
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')
        and c.relkind = 'S')
    union all
    select format('alter type %s owner to casino_app', t.oid::regtype)
    from pg_type t
    where t.typnamespace = '${JOB_SCHEMA}'::regnamespace and t.typtype in ('e', 'd', 'r') and t.typcategory <> 'A'
      and t.typowner <> 'casino_app'::regrole and pg_has_role(t.typowner, 'usage')
    union all
    select format('alter routine %s owner to casino_app', p.oid::regprocedure)
    from pg_proc p
    where p.pronamespace = '${JOB_SCHEMA}'::regnamespace and p.prokind in ('f', 'p')
      and p.proowner <> 'casino_app'::regrole and pg_has_role(p.proowner, 'usage')
  loop
    execute item.command;
  end loop;
end
$$`;

/**
 * The job schema as the tables' owner, at every start before the server's
 * (db/migrate-as-owner.ts, docs/decisions/055): pg-boss installs or upgrades its tables there,
 * then everything in the schema goes to casino_app, which owns the schema (migration 0053). The
 * server's role thus starts pg-boss on tables that exist and are its own: it needs no CREATE on
 * the database (pg-boss's `create schema if not exists` asks for it even when the schema exists),
 * and may make a queue's table as pg-boss does, a partition of the job table, which only that
 * table's owner may attach. What a server that ran as the owner made earlier is handed over the
 * same way.
 */
export async function prepareJobSchema(owner: DatabaseHandle, ownerUrl: string): Promise<void> {
  // pg-boss on a pool of its own as the owner, neither supervising nor scheduling: it only installs
  // or upgrades its schema, and stops. The server's own pg-boss runs what that left to do.
  const boss = new PgBoss({ connectionString: ownerUrl, max: 1, schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
  await owner.withConnection((run) => run(HAND_OVER));
}

export function createPgBossRunner(connectionString: string, log: Logger): JobRunner {
  const boss = new PgBoss({ connectionString, max: 4, schema: JOB_SCHEMA, application_name: 'casino-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  const definitions = new Map<string, JobDefinition<object>>();
  const timers: NodeJS.Timeout[] = [];
  let started = false;

  async function send(name: string, data: object = {}, options: JobOptions = {}): Promise<boolean> {
    const id = await boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: 2,
      retryBackoff: true,
    });
    return id !== null;
  }

  return {
    kind: 'pg-boss',
    define(name, definition) {
      if (started) throw new Error(`Job ${name} defined after the runner started`);
      definitions.set(name, definition as JobDefinition<object>);
    },
    send,
    async start() {
      await boss.start();
      started = true;
      for (const [name, definition] of definitions) {
        // A periodic job keeps at most one copy queued and one running ('stately'); any other job
        // queues freely ('standard').
        await boss.createQueue(name, { policy: definition.everySeconds ? 'stately' : 'standard' });
        await boss.work<object>(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await definition.handler(job.data);
        });
      }
      timers.push(...queuePeriodicJobs(definitions, send, log));
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = false;
    },
    async backlog() {
      if (!started) return [];
      // pg-boss's own index of jobs waiting (state below active) by queue and start time.
      const { rows } = await boss.getDb().executeSql(
        `select name, count(*) as queued, extract(epoch from now() - min(start_after)) as oldest_seconds
         from ${JOB_SCHEMA}.job where state in ('created', 'retry') and start_after <= now() group by name`,
      );
      return backlogOf(rows as Record<string, unknown>[]);
    },
  };
}
