import { z } from 'zod';

/** Wraps a payload in the success envelope `{ data, message? }` (DESIGN.md section 3). */
export function ok<T>(data: T, message?: string): { data: T; message?: string } {
  return message === undefined ? { data } : { data, message };
}

/** The response schema of an enveloped payload, for route declarations and the OpenAPI docs. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

/** Rows plus total count, the shape of every list (DESIGN.md section 3). */
export function paged<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), count: z.number().int() });
}

export const errorEnvelopeSchema = z.object({
  errors: z.array(
    z.object({
      errorCode: z.number().int(),
      name: z.string(),
      description: z.string(),
      details: z.unknown().optional(),
    }),
  ),
});
