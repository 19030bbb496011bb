import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** Wraps a payload in the success envelope `{ data, message? }` (docs/ARCHITECTURE.md 'The API'). */
export function ok<T>(data: T, message?: string): { data: T; message?: string } {
  return message === undefined ? { data } : { data, message };
}

/** The response schema of an enveloped payload, for route declarations and the OpenAPI docs. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

/**
 * The JSON text Fastify would send for `value` under `schema` (fastify-type-provider-zod's
 * serializer: encode through the schema, refusing what does not match, then stringify). For a
 * body kept as text and sent many times (the catalogue's shared reads).
 */
export function bodyText<T extends z.ZodType>(schema: T, value: z.output<T>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Sends a body made by `bodyText` as it is: a JSON string is not serialized again. */
export function sendBodyText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** Rows plus total count, the shape of every list (docs/ARCHITECTURE.md 'The API'). */
export function paged<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), count: z.number().int() });
}
