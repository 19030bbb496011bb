import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Every request has an id: the load balancer's X-Request-Id when it sent a sensible one (so its
 * log and ours name the same request), otherwise a new UUID. Every answer, errors included,
 * carries it back in X-Request-Id, and every log line written while the request is handled names
 * it as `reqId`: the request's own logger does, and so does the server's logger used by a
 * service below the route (through the request's async context).
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const SENSIBLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

const requestContext = new AsyncLocalStorage<string>();

/** Fastify's genReqId: the balancer's id when sensible, otherwise a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SENSIBLE_ID.test(given) ? given : randomUUID();
}

/**
 * pino's mixin: the id of the request being handled, for a line written without the request's
 * logger (whose own binding already names it).
 */
export function requestIdMixin(_object: object, _level: number, logger?: { bindings(): Record<string, unknown> }): object {
  const requestId = requestContext.getStore();
  if (!requestId || logger?.bindings().reqId !== undefined) return {};
  return { reqId: requestId };
}

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // From validation on, the handler and what it calls run in the request's context. (Earlier,
  // the body arrives through the socket's events, outside it.)
  app.addHook('preValidation', (request, _reply, done) => requestContext.run(request.id, done));
}
