import { describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../modules/admin/core.js';
import { signedInOperator } from '../modules/admin/test-support.js';
import { newClient } from '../test/api.js';
import { deepJsonArray, deepJsonObject, takesBody } from '../test/deep-json.js';
import { apiOperations, fillPath, type JsonSchema } from '../test/openapi.js';

/**
 * A NUL character cannot be stored in PostgreSQL text; one in a query or body field must not
 * answer 500. Every operation of the API document refuses it with the usual 400.
 */
const NUL = 'probe\u0000value';

/** A body of the operation's shape with a NUL in every string field it declares (or in an extra one). */
function bodyWithNul(schema: JsonSchema | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = { probe: NUL };
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const types = [property.type ?? []].flat();
    if (types.includes('string') || types.length === 0) body[name] = NUL;
  }
  return body;
}

describe('a NUL character in a request', async () => {
  const operations = await apiOperations();

  it('is found in an API document that lists the routes', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    'is refused with 400 on %s, in the query, the path and the body',
    async (_name, operation) => {
      // Operator routes refuse anyone without an operator session before they read the request:
      // an admin's session takes the probe to the input guard.
      const client = operation.path.startsWith(`${ADMIN_PREFIX}/`) ? (await signedInOperator(['admin'])).client : await newClient();
      const path = fillPath(operation.path, () => '1');
      const inQuery = await client.request<{ errors?: { errorCode: number }[] }>(operation.method, path, {
        query: { probe: NUL },
        ...(operation.body ? { body: {} } : {}),
      });
      expect(inQuery.status).toBe(400);
      expect(inQuery.body.errors?.[0]?.errorCode).toBe(3000);

      if (operation.path.includes('{')) {
        const inPath = await client.request<{ errors?: { errorCode: number }[] }>(
          operation.method,
          fillPath(operation.path, () => NUL),
        );
        expect(inPath.status).toBe(400);
        expect(inPath.body.errors?.[0]?.errorCode).toBe(3000);
      }
      if (operation.body) {
        const inBody = await client.request<{ errors?: { errorCode: number }[] }>(operation.method, path, {
          body: bodyWithNul(operation.body),
        });
        expect(inBody.status).toBe(400);
        expect(inBody.body.errors?.[0]?.errorCode).toBe(3000);
      }
    },
  );
});

/**
 * A body nested thousands of levels deep overflowed the guard's own recursion and answered 500 on
 * every route that takes a body, the signed wallet API included, before its signature was looked
 * at. Every such operation refuses it with the usual 400, before its route runs.
 */
const DEEP = 4_000;

type ErrorAnswer = { errors?: { errorCode: number; details?: { issues?: { field: string; message: string }[] } }[] };

describe('a deeply nested request body', async () => {
  const operations = (await apiOperations()).filter((operation) => takesBody(operation.method));

  it('is looked at on every route that takes a body, the signed wallet API included', () => {
    expect(operations.length).toBeGreaterThan(25);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain('POST /rgs/wallet/bet');
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    'is refused with 400 on %s, as an array and as an object',
    async (_name, operation) => {
      const client = operation.path.startsWith(`${ADMIN_PREFIX}/`) ? (await signedInOperator(['admin'])).client : await newClient();
      const path = fillPath(operation.path, () => '1');
      for (const rawBody of [deepJsonArray(DEEP), deepJsonObject(DEEP)]) {
        const answer = await client.request<ErrorAnswer>(operation.method, path, { rawBody });
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.[0]?.errorCode).toBe(3000);
        expect(answer.body.errors?.[0]?.details?.issues?.[0]).toEqual({ field: 'body', message: 'must not nest more than 64 levels deep' });
      }
    },
  );

  it('is taken up to 64 levels deep and refused from 65', async () => {
    const client = await newClient();
    const login = (password: string) =>
      client.request<ErrorAnswer>('POST', 'user/login', { rawBody: `{"email":"nobody@players.test","password":${password}}` });
    // 64 levels: the body and 63 arrays. Refused by the route's schema, not by the guard.
    const atLimit = await login(deepJsonArray(63));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.errors?.[0]?.details?.issues?.[0]?.field).toBe('body.password');
    const overLimit = await login(deepJsonArray(64));
    expect(overLimit.status).toBe(400);
    expect(overLimit.body.errors?.[0]?.details?.issues?.[0]).toEqual({ field: 'body', message: 'must not nest more than 64 levels deep' });
  });
});
