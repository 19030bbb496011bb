import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Where a NUL character sits in a value, as a dotted path ('body.promoCode'), or undefined. */
export function nulCharacterPath(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, `${at}.${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulCharacterPath(key, `${at}.${key}`) ?? nulCharacterPath(item, `${at}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character: one that reached a query failed with a 500
 * (issue 10 point 6). Every route refuses it at the edge, before validation and before any
 * handler, with the usual 400 of invalid input.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      nulCharacterPath(request.params, 'params') ?? nulCharacterPath(request.query, 'query') ?? nulCharacterPath(request.body, 'body');
    if (field) {
      throw new AppError('RequestInputValidation', 'The request contains a character that is not allowed.', {
        issues: [{ field, message: 'must not contain a NUL character' }],
      });
    }
  });
}
