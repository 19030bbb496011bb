import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * How deep a request's values may nest (the body object itself is one level). No request of the
 * API nests more than a few levels; a deeper one is refused before anything walks it.
 */
export const MAX_JSON_DEPTH = 64;

export type InputProblem = { kind: 'nul'; field: string } | { kind: 'depth'; field: string };

interface Pending {
  value: unknown;
  at: string;
  /** Containers around this value: 0 for the request value itself. */
  depth: number;
}

/**
 * The first thing the edge refuses in a request value, with its dotted path ('body.promoCode'):
 * a NUL character in a string or a key, or nesting deeper than MAX_JSON_DEPTH. Walked with a
 * stack of its own, never by recursion: a body nested thousands of levels deep overflowed the
 * call stack of a recursive walk and answered 500 on every route that takes a body.
 */
export function inputProblem(value: unknown, at: string): InputProblem | undefined {
  const pending: Pending[] = [{ value, at, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const item = next.value;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { kind: 'nul', field: next.at };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (next.depth >= MAX_JSON_DEPTH) return { kind: 'depth', field: at };
    const children = Array.isArray(item) ? [...item.entries()] : Object.entries(item);
    // Pushed last to first, so the first field is looked at first.
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const [key, child] = children[index]!;
      const path = `${next.at}.${key}`;
      if (typeof key === 'string' && key.includes('\u0000')) return { kind: 'nul', field: path };
      pending.push({ value: child, at: path, depth: next.depth + 1 });
    }
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether a JSON text's brackets nest deeper than MAX_JSON_DEPTH, read without parsing it: the
 * routes that keep a provider's raw body for its signature parse it only after the route ran.
 */
export function jsonTextTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

function bodyProblem(request: FastifyRequest): InputProblem | undefined {
  const { body } = request;
  if (typeof body === 'string' && /json/i.test(request.headers['content-type'] ?? '')) {
    if (jsonTextTooDeep(body)) return { kind: 'depth', field: 'body' };
  }
  return inputProblem(body, 'body');
}

/**
 * Every route refuses, at the edge, before validation and before any handler or signature check,
 * with the usual 400 of invalid input:
 * - a NUL character, which PostgreSQL text cannot hold: one that reached a query failed with a
 *   500;
 * - a value nested deeper than MAX_JSON_DEPTH, which recursive code further on (validation,
 *   logging, a handler) could not walk either.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = inputProblem(request.params, 'params') ?? inputProblem(request.query, 'query') ?? bodyProblem(request);
    if (problem?.kind === 'nul') {
      throw new AppError('RequestInputValidation', 'The request contains a character that is not allowed.', {
        issues: [{ field: problem.field, message: 'must not contain a NUL character' }],
      });
    }
    if (problem?.kind === 'depth') {
      throw new AppError('RequestInputValidation', 'The request is nested too deeply.', {
        issues: [{ field: problem.field, message: `must not nest more than ${MAX_JSON_DEPTH} levels deep` }],
      });
    }
  });
}
