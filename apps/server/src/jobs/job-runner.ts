/**
 * Background jobs (docs/decisions/007-money-core.md): scheduled and retried
 * work such as outbox delivery and the recovery of rounds a crash left open, and later payouts,
 * webhook retries, rakeback and limit expiry.
 *
 * On PostgreSQL the jobs live in pg-boss's tables: they survive a restart, and with several
 * server processes on one database each job runs once (pg-boss fetches with skip locked). On the
 * embedded database (one process) the same interface runs jobs from the local_jobs table.
 */
export interface JobOptions {
  /** At most one job of this name and key is queued or running at a time. */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** Tries after the first failure (with a growing delay); default 4. */
  retryLimit?: number;
}

export interface JobDefinition<T> {
  handler: (data: T) => Promise<void>;
  /**
   * Queue this job every so many seconds from every process; the singleton key folds the copies
   * into one, so the work runs about once a period whatever the number of processes.
   */
  everySeconds?: number;
}

export interface JobRunner {
  readonly kind: 'pg-boss' | 'local';
  /** Registers a job's handler; all definitions come before start(). */
  define<T extends object>(name: string, definition: JobDefinition<T>): void;
  /** Queues a job; false when a singleton of that name and key is already queued. */
  send(name: string, data?: object, options?: JobOptions): Promise<boolean>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Jobs due and not yet taken, per job name, and how long the oldest has waited (metrics). */
  backlog(): Promise<JobBacklog[]>;
}

export interface JobBacklog {
  name: string;
  queued: number;
  oldestSeconds: number;
}

/** A backlog query's rows as numbers (drivers answer counts and epochs as text). */
export function backlogOf(rows: readonly Record<string, unknown>[]): JobBacklog[] {
  return rows.map((row) => ({
    name: String(row.name),
    queued: Number(row.queued),
    oldestSeconds: Math.max(0, Number(row.oldest_seconds)),
  }));
}

export const DEFAULT_RETRY_LIMIT = 4;

/** Seconds to wait before try number `attempt` (1 = the first retry): 2, 4, 8, ... up to 5 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(300, 2 ** attempt);
}

/**
 * Queues every periodic job now and then every `everySeconds`, from this process, under one
 * singleton key: the copies that several processes queue fold into one. Answers the timers.
 */
export function queuePeriodicJobs(
  definitions: ReadonlyMap<string, JobDefinition<object>>,
  send: (name: string, data: object, options: JobOptions) => Promise<boolean>,
  log: { error: (object: unknown, message: string) => void },
): NodeJS.Timeout[] {
  const timers: NodeJS.Timeout[] = [];
  for (const [name, definition] of definitions) {
    if (!definition.everySeconds) continue;
    const queue = () => {
      send(name, {}, { singletonKey: 'periodic' }).catch((error: unknown) => log.error({ err: error, job: name }, 'queueing a job failed'));
    };
    queue();
    const timer = setInterval(queue, definition.everySeconds * 1000);
    timer.unref();
    timers.push(timer);
  }
  return timers;
}
