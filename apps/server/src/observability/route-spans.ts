import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * Names the HTTP request's span by its route pattern (`POST /rgs/api/rounds`, never a player's
 * id in a path) and records the request id on it, so that a trace and a log line meet. Without
 * tracing (tracing.ts) there is no span and this does nothing.
 */
export function registerRouteSpans(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    if (span) {
      const route = request.routeOptions.url ?? 'unmatched';
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('casino.request_id', request.id);
    }
    done();
  });
}
