import http from 'node:http';
import { randomInt } from 'node:crypto';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { queryRows } from '../db/client.js';
import { newCredentials, registerVerifiedPlayer, signUpBody, TEST_PASSWORD } from '../modules/auth/test-players.js';
import { testConfig, testServer } from '../test/harness.js';

/**
 * The client address behind every limit and on every session is the connection's, unless the
 * connection comes from a proxy that TRUST_PROXY names. Requests here leave
 * from their own loopback address (127.x.y.z), so the database-kept limits of one test never
 * meet another's; REDIS_URL is left out so request limits are kept in this app alone.
 */
const apps: FastifyInstance[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
});

async function productionApp(overrides: Record<string, string> = {}): Promise<string> {
  const { database } = await testServer();
  const config = testConfig({
    APP_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:9',
    GAME_SERVER_SECRET: 'a-test-game-server-secret-of-forty-characters',
    ALLOW_SANDBOX: 'true',
    RATE_LIMIT_ENABLED: 'true',
    REDIS_URL: '',
    ...overrides,
  });
  const app = await buildApp({ config, database });
  apps.push(app);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  config.publicUrl = baseUrl;
  return baseUrl;
}

function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

function forgedAddress(): string {
  return `203.0.113.${randomInt(1, 255)}`;
}

interface Answer {
  status: number;
  errorCode: number | undefined;
  cookie: string | undefined;
}

/** POSTs JSON from the given local address, with the given X-Forwarded-For. */
function post(baseUrl: string, from: string, path: string, body: unknown, forwardedFor: string): Promise<Answer> {
  const url = new URL(`/api/v1/${path}`, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', origin: url.origin, 'x-forwarded-for': forwardedFor },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const parsed = JSON.parse(text) as { errors?: { errorCode: number }[] };
          const cookie = response.headers['set-cookie']?.find((line) => line.startsWith('casino_session='));
          resolve({ status: response.statusCode ?? 0, errorCode: parsed.errors?.[0]?.errorCode, cookie });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function sessionAddressOf(email: string): Promise<string | undefined> {
  const { database } = await testServer();
  const [row] = await queryRows<{ ip: string }>(
    database.db,
    sql`select s.ip from sessions s join users u on u.id = s.user_id where lower(u.email) = lower(${email}) order by s.id desc limit 1`,
  );
  return row?.ip;
}

describe('client addresses without TRUST_PROXY (the default)', () => {
  it('does not let a rotating X-Forwarded-For escape the failed-login limit of an address', async () => {
    const baseUrl = await productionApp();
    const from = loopbackAddress();
    const codes: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const body = { email: `${newCredentials('xff').email}`, password: encodeBase64Utf8(TEST_PASSWORD) };
      codes.push((await post(baseUrl, from, 'user/login', body, forgedAddress())).errorCode);
    }
    expect(codes).toEqual([...Array.from({ length: 20 }, () => 3183), 3004]);
  });

  it('does not let a rotating X-Forwarded-For escape the sign-up limit', async () => {
    const baseUrl = await productionApp();
    const from = loopbackAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await post(baseUrl, from, 'user/sign-up', signUpBody(newCredentials('xs')), forgedAddress())).status);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
  });

  it("stores the connection's address on the session, not the header's", async () => {
    const baseUrl = await productionApp();
    const credentials = await registerVerifiedPlayer('xip');
    const from = loopbackAddress();
    const body = { email: credentials.email, password: encodeBase64Utf8(TEST_PASSWORD) };
    expect((await post(baseUrl, from, 'user/login', body, '198.51.100.77')).status).toBe(200);
    expect(await sessionAddressOf(credentials.email)).toBe(from);
  });
});

describe('client addresses behind a configured proxy', () => {
  it('believes X-Forwarded-For from a proxy that TRUST_PROXY names, and only from it', async () => {
    const proxy = loopbackAddress();
    const baseUrl = await productionApp({ TRUST_PROXY: proxy });
    const credentials = await registerVerifiedPlayer('xpr');
    const body = { email: credentials.email, password: encodeBase64Utf8(TEST_PASSWORD) };
    expect((await post(baseUrl, proxy, 'user/login', body, '198.51.100.78')).status).toBe(200);
    expect(await sessionAddressOf(credentials.email)).toBe('198.51.100.78');

    const elsewhere = loopbackAddress();
    expect((await post(baseUrl, elsewhere, 'user/login', body, '198.51.100.79')).status).toBe(200);
    expect(await sessionAddressOf(credentials.email)).toBe(elsewhere);
  });

  it('takes the address one hop back with TRUST_PROXY=1, whatever the client wrote before it', async () => {
    const baseUrl = await productionApp({ TRUST_PROXY: '1' });
    const credentials = await registerVerifiedPlayer('xhop');
    const body = { email: credentials.email, password: encodeBase64Utf8(TEST_PASSWORD) };
    // The client forged the first entry; the load balancer appended the address it saw.
    expect((await post(baseUrl, loopbackAddress(), 'user/login', body, '10.9.9.9, 198.51.100.80')).status).toBe(200);
    expect(await sessionAddressOf(credentials.email)).toBe('198.51.100.80');
  });
});
