import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { queryRows, type DatabaseHandle } from '../db/client.js';
import type { Subscriber } from '../events/event-bus.js';
import { errorBody } from '../http/errors.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { httpRequestDuration, ledgerMovements, processMetrics, purchases, redemptions } from './metrics.js';

/**
 * The Prometheus endpoint (docs/operations.md 'Metrics'): `/metrics` on a port of its own
 * (METRICS_PORT, for a network only the scraper reaches) or on the server's port behind a bearer
 * token (METRICS_TOKEN); neither set, no endpoint. A scrape answers the process's counters
 * (metrics.ts) and figures read at that moment: sockets, the database pool, the outbox's
 * undelivered events, the job queues, the webhooks kept for the money desk and the last
 * reconciliation. Each read is one indexed query.
 */
export interface MetricsSources {
  config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>;
  database: DatabaseHandle;
  jobs: JobRunner;
  /** Sockets connected to this process. */
  sockets: () => number;
}

const CONTENT_TYPE = processMetrics.contentType;

export async function registerMetrics(app: FastifyInstance, sources: MetricsSources): Promise<void> {
  const { config } = sources;
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (!config.METRICS_TOKEN && config.METRICS_PORT === undefined) return;
  const scrape = metricsScrape(sources);

  if (config.METRICS_TOKEN) {
    const expected = Buffer.from(`Bearer ${config.METRICS_TOKEN}`);
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).send(errorBody('Unauthenticated', 'A valid metrics token is required.'));
      }
      return reply.type(CONTENT_TYPE).send(await scrape());
    });
  }
  if (config.METRICS_PORT !== undefined) {
    let server: Server | undefined;
    app.addHook('onListen', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        scrape().then(
          (text) => response.writeHead(200, { 'content-type': CONTENT_TYPE }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'a metrics scrape failed');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve) => server!.listen(config.METRICS_PORT, resolve));
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
}

/** Answers the scrape's text: the process's counters, then the figures read now. */
export function metricsScrape({ database, jobs, sockets }: MetricsSources): () => Promise<string> {
  const registry = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const socketsConnected = gauge('casino_sockets_connected', 'Sockets connected to this process.');
  const pool = gauge('casino_db_pool_connections', "This process's PostgreSQL pool: total, idle, and requests waiting for one.", ['state']);
  const outboxPending = gauge('casino_outbox_pending_events', 'Domain events committed and not yet delivered.');
  const outboxLag = gauge('casino_outbox_oldest_pending_seconds', 'Age of the oldest undelivered domain event (0 when none).');
  const jobsQueued = gauge('casino_jobs_queued', 'Jobs due and not yet taken, by queue.', ['queue']);
  const jobsAge = gauge('casino_jobs_oldest_queued_seconds', 'How long the oldest due job of a queue has waited.', ['queue']);
  const webhooksKept = gauge(
    'casino_failed_webhooks_open',
    'Provider webhooks kept for the money desk and not replayed or resolved, by provider.',
    ['provider'],
  );
  const reconciliationAt = gauge(
    'casino_reconciliation_last_run_timestamp_seconds',
    'When the last reconciliation finished (Unix time; 0: never).',
  );
  const reconciliationMismatches = gauge('casino_reconciliation_last_mismatches', 'Mismatches the last reconciliation found.');

  return async () => {
    socketsConnected.set(sockets());
    const use = database.poolUse?.();
    if (use) for (const [state, count] of Object.entries(use)) pool.set({ state }, count);
    const db = database.db;
    const [outbox] = await queryRows<{ pending: number | string; oldest: number | string | null }>(
      db,
      sql`select count(*) as pending, extract(epoch from now() - min(created_at)) as oldest from outbox_events where delivered_at is null and failed_at is null`,
    );
    outboxPending.set(Number(outbox?.pending ?? 0));
    outboxLag.set(Math.max(0, Number(outbox?.oldest ?? 0)));
    jobsQueued.reset();
    jobsAge.reset();
    for (const queue of await jobs.backlog()) {
      jobsQueued.set({ queue: queue.name }, queue.queued);
      jobsAge.set({ queue: queue.name }, queue.oldestSeconds);
    }
    webhooksKept.reset();
    const kept = await queryRows<{ provider: string; open: number | string }>(
      db,
      sql`select provider, count(*) as open from failed_webhooks where status = 'failed' group by provider`,
    );
    for (const row of kept) webhooksKept.set({ provider: row.provider }, Number(row.open));
    const [last] = await queryRows<{ finished: number | string; mismatches: number }>(
      db,
      sql`select extract(epoch from finished_at) as finished, mismatch_count as mismatches
          from reconciliation_runs order by finished_at desc, id desc limit 1`,
    );
    reconciliationAt.set(last ? Number(last.finished) : 0);
    reconciliationMismatches.set(last ? Number(last.mismatches) : 0);
    return `${await processMetrics.metrics()}\n${await registry.metrics()}`;
  };
}

/** The money's domain events counted once each, as they are delivered (one process delivers an event). */
const COUNTED = {
  PurchaseCredited: () => (purchases.inc({ state: 'credited' }), ledgerMovements.inc({ kind: 'purchase' })),
  PurchaseReversed: () => (purchases.inc({ state: 'reversed' }), ledgerMovements.inc({ kind: 'purchase_reversal' })),
  BonusCredited: () => ledgerMovements.inc({ kind: 'bonus' }),
  BonusReversed: () => ledgerMovements.inc({ kind: 'bonus_reversal' }),
  BalanceAdjusted: () => ledgerMovements.inc({ kind: 'adjustment' }),
  RedemptionRequested: () => (redemptions.inc({ state: 'requested' }), ledgerMovements.inc({ kind: 'redemption' })),
  RedemptionCancelled: () => (redemptions.inc({ state: 'cancelled' }), ledgerMovements.inc({ kind: 'redemption_cancel' })),
  RedemptionSubmitted: () => redemptions.inc({ state: 'submitted' }),
  RedemptionPaid: () => (redemptions.inc({ state: 'paid' }), ledgerMovements.inc({ kind: 'redemption_paid' })),
  RedemptionFailed: () => (redemptions.inc({ state: 'failed' }), ledgerMovements.inc({ kind: 'redemption_failed' })),
} as const;

export const metricsSubscriber: Subscriber = {
  name: 'metrics',
  handles: Object.keys(COUNTED) as (keyof typeof COUNTED)[],
  handle(event, { afterCommit }) {
    // Counted once the delivery committed: a delivery tried again counts once.
    afterCommit(async () => void COUNTED[event.type as keyof typeof COUNTED]());
  },
};
