import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from './errors.js';
import { postgresError } from '../db/errors.js';

interface FieldIssue {
  field: string;
  message: string;
}

/** The wait a refusal names in its details (a limit's window), for a Retry-After header. */
function retryAfterSeconds(details: unknown): number | undefined {
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return undefined;
  const seconds = details.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * One place that shapes every failure into the error envelope (docs/ARCHITECTURE.md 'The API'): bad input is
 * a 400 naming each field and the seed's message, never a 500; a 5xx never leaks its cause.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const wait = retryAfterSeconds(error.details);
      if (wait !== undefined) void reply.header('retry-after', String(wait));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        field: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(errorBody('RequestInputValidation', issues[0]?.message, { issues }));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('TooManyRequests', error.message));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, oversized body and the like.
      return reply.status(error.statusCode).send(errorBody('RequestInputValidation', error.message));
    }
    // lock_not_available
    if (postgresError(error, '55P03')) {
      // A lock held too long by someone else (db/client.ts LOCK_TIMEOUT_MS): nothing was written,
      // the same request may be sent again.
      request.log.warn({ err: error }, 'request gave up waiting for a lock');
      return reply.status(503).send(errorBody('ServiceUnavailable'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('InternalServerError'));
  });
}
