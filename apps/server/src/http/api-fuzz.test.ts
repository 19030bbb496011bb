import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../money/ledger/test-players.js';
import { ADMIN_PREFIX } from '../modules/admin/core.js';
import { signedInOperator } from '../modules/admin/test-support.js';
import { newClient } from '../test/api.js';
import { deepJsonArray, deepJsonObject, takesBody } from '../test/deep-json.js';
import type { TestClient } from '../test/http-client.js';
import { apiOperations, fillPath, type JsonSchema, type Operation } from '../test/openapi.js';

/**
 * Schema-driven fuzzing: every operation of the API document gets requests built from
 * its own schemas, mostly valid and sometimes not (wrong types, odd strings, missing fields),
 * from a visitor and from a signed-in player (an admin operator on /api/admin routes). Whatever arrives, the answer is never a 5xx.
 * Bounded and deterministic: a fixed seed and a few cases per operation (a few hundred requests).
 */
const SEED = 20_261_110;
const CASES_PER_OPERATION = 6;

/** Strings that have broken parsers and queries before. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '😀',
  '\u202e',
  'a'.repeat(2000),
  '9'.repeat(40),
  '-1',
  '1e309',
  'NaN',
  'null',
  '2026-02-30T25:61:00Z',
  'nul\u0000byte',
  '\ud800',
);

const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
  nastyString,
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: nastyString },
  );
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000_000;
  const inRange = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 53, 1e308, 0.001) });
}

/** Mostly values the schema accepts; one in six is something else entirely. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: validValueFor(schema, depth) }, { weight: 1, arbitrary: anyJson });
}

function validValueFor(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validValueFor(choice, depth + 1)));
  if (schema.allOf?.length) return validValueFor(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = [schema.type ?? []].flat().find((candidate) => candidate !== 'null');
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property, depth + 1)]));
      return fc.record(fields, { requiredKeys: [...required].filter((name) => name in properties) });
    }
    default:
      return anyJson;
  }
}

interface FuzzRequest {
  pathValues: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string>;
  body: unknown;
  signedIn: boolean;
}

function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const byPlace = (place: string) => operation.parameters.filter((parameter) => parameter.in === place);
  const asText = (parameter: { schema?: JsonSchema | undefined }) =>
    fc.oneof(validValueFor(parameter.schema, 0).map(String), fc.string({ maxLength: 30 }), nastyString);
  const pathValues = fc.record(Object.fromEntries(byPlace('path').map((parameter) => [parameter.name, asText(parameter)])));
  const query = fc.record(Object.fromEntries(byPlace('query').map((parameter) => [parameter.name, asText(parameter)])), {
    requiredKeys: [],
  });
  const headers = fc.record(Object.fromEntries(byPlace('header').map((parameter) => [parameter.name, asText(parameter)])), {
    requiredKeys: [],
  });
  return fc.record({
    pathValues,
    query,
    // Header values must be printable; a control character stops the request in the client.
    headers: headers.map((values) =>
      Object.fromEntries(
        Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, encodeURIComponent(value)]])),
      ),
    ),
    body: operation.body ? valueFor(operation.body) : fc.constant(undefined),
    signedIn: fc.boolean(),
  });
}

describe('every API operation, fuzzed from its schemas', async () => {
  // Logging out ends the fuzzing player's session: it goes last.
  const operations = (await apiOperations()).sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    'never answers 5xx on %s',
    async (_name, operation) => {
      // On an operator route, 'signed in' is an admin of the back office (who may call every one).
      const player = operation.path.startsWith(`${ADMIN_PREFIX}/`) ? await signedInOperator(['admin']) : await signedInPlayer();
      const visitor: TestClient = await newClient();
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          const client = request.signedIn ? player.client : visitor;
          const response = await client.request(
            operation.method,
            fillPath(operation.path, (name) => request.pathValues[name] ?? '1'),
            {
              query: request.query,
              headers: request.headers,
              body: request.body,
            },
          );
          expect(response.status, JSON.stringify({ request, answer: response.body })).toBeLessThan(500);
        }),
        { seed: SEED, numRuns: CASES_PER_OPERATION, endOnFailure: true },
      );
    },
  );
});

/**
 * Nesting no schema describes: a body 100,000 levels deep, as arrays and as objects, on every
 * operation that takes a body (the signed wallet API included), from a signed-in caller. The
 * answer is the API's 400 of invalid input (413 where a route takes only small bodies), never a 5xx.
 */
const VERY_DEEP = 100_000;

describe('every API operation, sent a body nested 100,000 levels deep', async () => {
  const operations = (await apiOperations()).filter((operation) => takesBody(operation.method));

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    'answers 400 in the error format on %s',
    async (_name, operation) => {
      const { client } = operation.path.startsWith(`${ADMIN_PREFIX}/`) ? await signedInOperator(['admin']) : await signedInPlayer();
      for (const rawBody of [deepJsonArray(VERY_DEEP), deepJsonObject(VERY_DEEP)]) {
        const answer = await client.request<{ errors?: { errorCode: number }[] }>(
          operation.method,
          fillPath(operation.path, () => '1'),
          {
            rawBody,
          },
        );
        expect([400, 413], JSON.stringify(answer.body)).toContain(answer.status);
        expect(answer.body.errors?.[0]?.errorCode).toBe(3000);
      }
    },
  );
});
