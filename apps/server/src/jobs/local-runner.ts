import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { localJobs } from '../db/schema/index.js';
import {
  backlogOf,
  DEFAULT_RETRY_LIMIT,
  queuePeriodicJobs,
  retryDelaySeconds,
  type JobDefinition,
  type JobOptions,
  type JobRunner,
} from './job-runner.js';

/**
 * Jobs on the embedded database: the JobRunner interface over the local_jobs table, polled by
 * this process (PGlite serves one process). Jobs queued before a stop or a crash are still there
 * at the next start; a job left 'active' by a crash is queued again at start.
 */
interface Logger {
  error: (object: unknown, message: string) => void;
}

const POLL_MS = 250;

export function createLocalRunner(db: Database, log: Logger): JobRunner {
  const definitions = new Map<string, JobDefinition<object>>();
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  let current: Promise<void> = Promise.resolve();
  let poller: NodeJS.Timeout | undefined;

  async function send(name: string, data: object = {}, options: JobOptions = {}): Promise<boolean> {
    const inserted = await db
      .insert(localJobs)
      .values({
        name,
        data,
        singletonKey: options.singletonKey ?? null,
        runAt: new Date(Date.now() + (options.startAfterSeconds ?? 0) * 1000),
        maxAttempts: (options.retryLimit ?? DEFAULT_RETRY_LIMIT) + 1,
      })
      .onConflictDoNothing()
      .returning({ id: localJobs.id });
    return inserted.length > 0;
  }

  /** Takes the next due job of a defined name, runs it, and records the result. */
  async function runNext(): Promise<boolean> {
    const names = [...definitions.keys()];
    if (names.length === 0) return false;
    const [job] = await db
      .update(localJobs)
      .set({ state: 'active', attempts: sql`${localJobs.attempts} + 1` })
      .where(
        eq(
          localJobs.id,
          db
            .select({ id: localJobs.id })
            .from(localJobs)
            .where(and(eq(localJobs.state, 'created'), lte(localJobs.runAt, new Date())))
            .orderBy(asc(localJobs.runAt), asc(localJobs.id))
            .limit(1),
        ),
      )
      .returning();
    if (!job) return false;
    const definition = definitions.get(job.name);
    try {
      if (!definition) throw new Error(`No handler for job ${job.name}`);
      await definition.handler(job.data as object);
      await db.update(localJobs).set({ state: 'completed', completedAt: new Date() }).where(eq(localJobs.id, job.id));
    } catch (error) {
      const failed = job.attempts >= job.maxAttempts;
      log.error({ err: error, job: job.name, attempt: job.attempts }, failed ? 'job failed for good' : 'job failed; it will be retried');
      await db
        .update(localJobs)
        .set({
          state: failed ? 'failed' : 'created',
          lastError: String(error instanceof Error ? error.message : error).slice(0, 2000),
          runAt: new Date(Date.now() + retryDelaySeconds(job.attempts) * 1000),
        })
        .where(eq(localJobs.id, job.id));
    }
    return true;
  }

  function poll(): void {
    if (!running) return;
    current = (async () => {
      try {
        while (running && (await runNext()));
      } catch (error) {
        log.error({ err: error }, 'job runner poll failed');
      }
    })();
    void current.then(() => {
      if (running) poller = setTimeout(poll, POLL_MS);
    });
  }

  return {
    kind: 'local',
    define(name, definition) {
      if (running) throw new Error(`Job ${name} defined after the runner started`);
      definitions.set(name, definition as JobDefinition<object>);
    },
    send,
    async start() {
      // A job that was running when the process died runs again.
      await db.update(localJobs).set({ state: 'created' }).where(eq(localJobs.state, 'active'));
      running = true;
      timers.push(...queuePeriodicJobs(definitions, send, log));
      poll();
    },
    async stop() {
      running = false;
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (poller) clearTimeout(poller);
      await current;
    },
    async backlog() {
      return backlogOf(
        await queryRows<Record<string, unknown>>(
          db,
          sql`select ${localJobs.name} as name, count(*) as queued, extract(epoch from now() - min(${localJobs.runAt})) as oldest_seconds
              from ${localJobs} where ${localJobs.state} = 'created' and ${localJobs.runAt} <= now() group by ${localJobs.name}`,
        ),
      );
    },
  };
}
