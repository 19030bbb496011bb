import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { errorBody } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET (the seed's method kept) that writes: the spin, a verification, a recorded decision.
     * It is refused cross-site like a POST (registerOriginCheck).
     */
    changesState?: boolean;
  }
  interface FastifyInstance {
    /** Every GET route that declares `changesState`. */
    stateChangingGets: readonly { method: string; url: string }[];
  }
}

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

/**
 * Whether a browser sent this request for another site's page. Fetch metadata says so directly;
 * without it, the Origin header does; a navigation or an image sends no Origin, but its Referer
 * (when the page let it go) names the page's site. A request with none of them (a server, curl,
 * a browser hiding all three) passes: the session cookie is SameSite=Lax, which a cross-site
 * image or fetch does not carry.
 */
export function isCrossSite(request: FastifyRequest, config: Config): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const { origin, referer } = request.headers;
  if (origin !== undefined) return !isAllowedOrigin(origin, config);
  return referer !== undefined && !isAllowedOrigin(referer, config);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests are refused cross-site: every unsafe method, and
 * a GET or HEAD whose route declares `changesState`.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const stateChangingGets: { method: string; url: string }[] = [];
  app.decorate('stateChangingGets', stateChangingGets);
  app.addHook('onRoute', (route) => {
    if (route.config?.changesState && [route.method].flat().includes('GET')) stateChangingGets.push({ method: 'GET', url: route.url });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changesState) return;
    if (isCrossSite(request, config)) return reply.status(403).send(errorBody('OriginNotAllowed'));
  });
}
