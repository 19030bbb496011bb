import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { errorBody } from './errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A browser request is allowed when it comes from our public origin. Outside production the
 * loopback aliases of the same port are allowed too (localhost vs 127.0.0.1). Requests without an
 * Origin header are not browser cross-site requests (server-to-server, curl) and pass.
 */
export function isAllowedOrigin(origin: string | undefined, config: Config): boolean {
  if (origin === undefined) return true;
  let candidate: URL;
  try {
    candidate = new URL(origin);
  } catch {
    return false;
  }
  const expected = new URL(config.publicUrl);
  if (candidate.origin === expected.origin) return true;
  return (
    !config.isProduction &&
    LOOPBACK_HOSTS.has(candidate.hostname) &&
    LOOPBACK_HOSTS.has(expected.hostname) &&
    candidate.port === expected.port &&
    candidate.protocol === expected.protocol
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** State-changing requests check Origin (DESIGN.md section 3), and refuse cross-site fetches. */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite || !isAllowedOrigin(request.headers.origin, config)) {
      return reply.status(403).send(errorBody('OriginNotAllowed'));
    }
  });
}
