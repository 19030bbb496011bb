import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client.js';

/**
 * How a server process stops on SIGTERM (an orchestrator's stop, a deploy) or SIGINT: it stops
 * taking requests (new ones are answered 503 and the balancer's readiness check fails), lets the
 * requests under way finish and answer, closes the players' sockets (their pages reconnect to
 * another process), stops taking jobs and hands a running one back when it overruns its time
 * (jobs/), delivers the events already committed, then closes the database and exits 0. A stop
 * that takes longer than SHUTDOWN_TIMEOUT_MS exits 1: the orchestrator's kill would follow anyway.
 */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

export function closeOnSignals(
  app: FastifyInstance,
  database: DatabaseHandle,
  /** Flushes the traces last (observability/tracing.ts), when tracing is on. */
  stopTracing: (() => Promise<void>) | null = null,
): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ signal, timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    try {
      await app.close();
      await database.close();
      await stopTracing?.();
      app.log.info({ signal }, 'stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
