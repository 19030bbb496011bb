import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';
import { errorBody } from '../../http/errors.js';

/** How long a readiness check waits for Redis's answer before it says Redis is not reachable. */
const REDIS_PING_TIMEOUT_MS = 1_000;

/**
 * Liveness (the process is up) and readiness (the database answers and, with REDIS_URL, so does
 * Redis), for load balancers. The server listens only once its migrations ran (main.ts), so a
 * ready answer also means the schema is the repository's. Without Redis, socket events and rate
 * limits would stay in one process: a process that lost Redis is taken out of the pool until it
 * reaches it again.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; redis?: Redis }> = async (app, { database, redis }) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database');
      return reply.status(503).send(errorBody('ServiceUnavailable', 'Database is not reachable.'));
    }
    if (redis && !(await redisAnswers(redis))) {
      request.log.warn({ redis: redis.status }, 'readiness check failed: Redis');
      return reply.status(503).send(errorBody('ServiceUnavailable', 'Redis is not reachable.'));
    }
    return { status: 'ready', database: database.kind, ...(redis ? { redis: 'ready' } : {}) };
  });
};

/**
 * Redis answers PING within the timeout. A client still connecting (a server just started) queues
 * the PING and answers once connected; one that cannot connect does not answer in time; one that
 * was closed refuses the command at once.
 */
async function redisAnswers(redis: Redis): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await Promise.race([
      redis.ping(),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), REDIS_PING_TIMEOUT_MS);
      }),
    ]);
    return answer === 'PONG';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
