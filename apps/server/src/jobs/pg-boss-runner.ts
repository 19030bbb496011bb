import { PgBoss } from 'pg-boss';
import { DEFAULT_RETRY_LIMIT, queuePeriodicJobs, type JobDefinition, type JobOptions, type JobRunner } from './job-runner.js';

/**
 * Jobs on PostgreSQL through pg-boss. Its tables live
 * in the `pgboss` schema of the application's database, created by pg-boss at start. Each
 * defined job has a queue; workers poll every second.
 */
interface Logger {
  error: (object: unknown, message: string) => void;
}

export function createPgBossRunner(connectionString: string, log: Logger): JobRunner {
  const boss = new PgBoss({ connectionString, max: 4, schema: 'pgboss', application_name: 'casino-jobs' });
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
  };
}
