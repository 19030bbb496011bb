import { randomInt } from 'node:crypto';
import { encodeBase64Utf8 } from '@casino/contracts/base64';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError } from '../../config.js';
import { testConfig, testServer } from '../../test/harness.js';
import { TestClient } from '../../test/http-client.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { mailsTo, newCredentials, registerVerifiedPlayer, signUpBody, TEST_PASSWORD } from './test-players.js';

/**
 * Limits are proven on a dedicated production-mode app over the shared database. The test client
 * plays the load balancer in front of it (TRUST_PROXY names the loopback), so X-Forwarded-For
 * gives each test its own client addresses and runs never share rate-limit keys, also with the
 * Redis store. client-address.test.ts proves that without TRUST_PROXY the header is ignored.
 */
const production = {
  APP_ENV: 'production',
  TRUST_PROXY: '127.0.0.1',
  PUBLIC_URL: 'http://127.0.0.1:9',
  GAME_SERVER_SECRET: 'a-test-game-server-secret-of-forty-characters',
  ALLOW_SANDBOX: 'true',
  RATE_LIMIT_ENABLED: 'true',
};

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  const { database } = await testServer();
  const config = testConfig(production);
  app = await buildApp({ config, database });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  config.publicUrl = baseUrl;
});

afterAll(async () => {
  await app.close();
});

/** A fresh address in the 198.18.0.0/15 benchmarking range. */
function address(): string {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

function from(ip: string) {
  const client = new TestClient(baseUrl);
  return {
    client,
    post: (path: string, body: unknown) =>
      client.request<{ errors?: { errorCode: number; description: string }[] }>('POST', path, { body, headers: { 'x-forwarded-for': ip } }),
  };
}

const login = (ip: string, email: string, password: string) => from(ip).post('user/login', { email, password: encodeBase64Utf8(password) });

describe('login failure limits (database, across processes)', () => {
  it('refuses a sixth attempt from one address at one account, and says when to try again', async () => {
    const credentials = await registerVerifiedPlayer('thr');
    const ip = address();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(ip, credentials.email, 'Wrong&Pass123');
      expect(response.body.errors?.[0]?.errorCode).toBe(3065);
    }
    const locked = await login(ip, credentials.email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.errors?.[0]?.errorCode).toBe(3004);
    expect(locked.body.errors?.[0]?.description).toMatch(/^Too many failed login attempts\. Please try again in 1[45] minutes\.$/);

    // The owner elsewhere is not locked out by it.
    expect((await login(address(), credentials.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('checks at most 5 of 25 wrong passwords sent at once from one address', async () => {
    const credentials = await registerVerifiedPlayer('thc');
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(ip, credentials.email, 'Wrong&Pass123')));
    const codes = answers.map((response) => response.body.errors?.[0]?.errorCode);
    expect(codes.filter((code) => code === 3065)).toHaveLength(5);
    expect(codes.filter((code) => code === 3004)).toHaveLength(20);
  });

  it('lets no stranger lock the owner out: guesses from many addresses slow down, the owner signs in', async () => {
    const credentials = await registerVerifiedPlayer('tho');
    const home = address();
    expect((await login(home, credentials.email, TEST_PASSWORD)).status).toBe(200);
    const codes: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      codes.push((await login(address(), credentials.email, 'Wrong&Pass123')).body.errors?.[0]?.errorCode);
    }
    // Ten guesses from strangers are checked, then each next one must wait longer.
    expect(codes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 3065));
    expect(codes.slice(10)).toEqual([3004, 3004]);
    const slowed = await login(address(), credentials.email, TEST_PASSWORD);
    expect(slowed.body.errors?.[0]?.description).toMatch(/^Too many failed login attempts\. Please try again in \d+ seconds?\.$/);

    // The owner, from an address they signed in from before, is let in at once.
    expect((await login(home, credentials.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('blocks an address after 20 failures in 15 minutes, whichever accounts it tried', async () => {
    const ip = address();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await login(ip, `guess${attempt}-${Date.now()}@players.test`, TEST_PASSWORD);
      expect(response.body.errors?.[0]?.errorCode).toBe(3183);
    }
    const credentials = await registerVerifiedPlayer('thr3');
    const blocked = await login(ip, credentials.email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors?.[0]?.description).toMatch(/Please try again in \d+ minutes?\./);
    expect((await login(address(), credentials.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('sets the session cookie Secure in production', async () => {
    const credentials = await registerVerifiedPlayer('sec');
    const { client } = from(address());
    const response = await client.request('POST', 'user/login', {
      body: { email: credentials.email, password: encodeBase64Utf8(TEST_PASSWORD) },
      headers: { 'x-forwarded-for': address() },
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe('request limits of the access routes', () => {
  it('allows 10 sign-ups per address in 15 minutes, then answers 429 with the wait', async () => {
    const ip = address();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await from(ip).post('user/sign-up', signUpBody(newCredentials('rl')))).status).toBe(200);
    }
    const refused = await from(ip).post('user/sign-up', signUpBody(newCredentials('rl')));
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3004);
    expect(refused.body.errors?.[0]?.description).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect((await from(address()).post('user/sign-up', signUpBody(newCredentials('rl')))).status).toBe(200);
  });

  it.each([['user/forgetPassword'], ['user/resendVerifyEmail']])(
    "allows 3 mails to one address from one client address on %s; a stranger's requests do not use up the owner's",
    async (path) => {
      const credentials = newCredentials('rm');
      await from(address()).post('user/sign-up', signUpBody(credentials));
      const stranger = address();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await from(stranger).post(path, { email: credentials.email })).status).not.toBe(429);
      }
      const refused = await from(stranger).post(path, { email: credentials.email.toUpperCase() });
      expect(refused.status).toBe(429);
      expect(refused.body.errors?.[0]?.description).toMatch(
        /^Too many e-mails requested for this address\. Please try again in \d+ minutes?\.$/,
      );
      const before = (await mailsTo(credentials.email)).length;
      expect((await from(address()).post(path, { email: credentials.email })).status).toBe(200);
      expect(await mailsTo(credentials.email)).toHaveLength(before + 1);
    },
  );

  it("counts the verification mail of a login answered 3050 against Resend Email's limits", async () => {
    const credentials = newCredentials('rv');
    await from(address()).post('user/sign-up', signUpBody(credentials));
    const ip = address();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(ip, credentials.email, credentials.password)).body.errors?.[0]?.errorCode).toBe(3050);
    }
    expect(await mailsTo(credentials.email)).toHaveLength(4);
    // The fourth says no mail was sent, in Resend Email's words, and sends none.
    const refused = await login(ip, credentials.email, credentials.password);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.description).toMatch(
      /^Too many e-mails requested for this address\. Please try again in \d+ minutes?\.$/,
    );
    expect((await from(ip).post('user/resendVerifyEmail', { email: credentials.email })).status).toBe(429);
    expect(await mailsTo(credentials.email)).toHaveLength(4);
    // A wrong password learns nothing of the mail limits.
    expect((await login(ip, credentials.email, 'Wrong&Pass2026')).body.errors?.[0]?.errorCode).toBe(3065);
  });

  it('allows one client address 10 forgot-password look-ups in 15 minutes, known e-mails or not', async () => {
    const ip = address();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await from(ip).post('user/forgetPassword', { email: newCredentials('fl').email });
      expect(response.body.errors?.[0]?.errorCode).toBe(3053);
    }
    const refused = await from(ip).post('user/forgetPassword', { email: newCredentials('fl').email });
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3004);
  });

  it('allows 10 mails to one address in 15 minutes from all client addresses together', async () => {
    const credentials = newCredentials('rc');
    await from(address()).post('user/sign-up', signUpBody(credentials));
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await from(address()).post('user/forgetPassword', { email: credentials.email })).status).toBe(200);
    }
    expect((await from(address()).post('user/forgetPassword', { email: credentials.email })).status).toBe(429);
  });
});

/**
 * The answers that say whether an account exists (the username check, 3183 at login, 3053 at
 * forgot password, 3007 at sign-up) keep the seed's texts, but one client address gets 30 of
 * them in 15 minutes, all routes together; then each is refused with 429 and a Retry-After, and
 * the address is logged, never the e-mail.
 */
describe('the account discovery budget of an address', () => {
  it('is shared by the four answers, refuses each once spent with a Retry-After, and logs the address once', async () => {
    const warnings = vi.spyOn(app.log, 'warn');
    try {
      const ip = address();
      const registered = await registerVerifiedPlayer('dis');
      const probe = newCredentials('dip');
      const asks = {
        userName: () =>
          from(ip).client.request<{ errors?: { errorCode: number }[] }>('GET', 'user/sign-up', {
            query: { userName: probe.userName },
            headers: { 'x-forwarded-for': ip },
          }),
        login: () => from(ip).post('user/login', { email: probe.email, password: encodeBase64Utf8(TEST_PASSWORD) }),
        forgot: () => from(ip).post('user/forgetPassword', { email: probe.email }),
        signUp: () => from(ip).post('user/sign-up', signUpBody({ ...newCredentials('dis'), email: registered.email })),
      };
      for (let ask = 0; ask < 27; ask += 1) expect((await asks.userName()).status).toBe(200);
      expect((await asks.login()).body.errors?.[0]?.errorCode).toBe(3183);
      expect((await asks.forgot()).body.errors?.[0]?.errorCode).toBe(3053);
      expect((await asks.signUp()).body.errors?.[0]?.errorCode).toBe(3007);

      for (const ask of Object.values(asks)) {
        const refused = await ask();
        expect(refused.status).toBe(429);
        expect(refused.body.errors?.[0]?.errorCode).toBe(3004);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      }

      const logged = warnings.mock.calls.filter(([fields]) => JSON.stringify(fields).includes(ip));
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(warnings.mock.calls)).not.toContain(probe.email);
      expect(JSON.stringify(warnings.mock.calls)).not.toContain(registered.email);

      // Another address is answered as before.
      expect(
        (await from(address()).post('user/login', { email: probe.email, password: encodeBase64Utf8(TEST_PASSWORD) })).body.errors?.[0]
          ?.errorCode,
      ).toBe(3183);
    } finally {
      warnings.mockRestore();
    }
  });
});

describe('sandboxes in production', () => {
  const smtp = { SMTP_URL: 'smtp://user:secret@127.0.0.1:2525' };

  it('refuses to start with the sandbox mail adapter unless ALLOW_SANDBOX', async () => {
    const { database } = await testServer();
    const attempt = buildApp({ config: testConfig({ ...production, ALLOW_SANDBOX: 'false', GOOGLE_SIGN_IN: 'google' }), database });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/SMTP_URL/);
  });

  it('refuses to start with the sandbox Google sign-in unless ALLOW_SANDBOX', async () => {
    const { database } = await testServer();
    const attempt = buildApp({ config: testConfig({ ...production, ...smtp, ALLOW_SANDBOX: 'false' }), database });
    await expect(attempt).rejects.toThrow(/GOOGLE_SIGN_IN/);
  });

  it('serves no /dev routes with real adapters, and offers real Google sign-in', async () => {
    const { database } = await testServer();
    const real = await buildApp({
      config: testConfig({
        ...production,
        ...smtp,
        ALLOW_SANDBOX: 'false',
        GOOGLE_SIGN_IN: 'google',
        GOOGLE_CLIENT_ID: 'real-client.apps.googleusercontent.com',
      }),
      database,
    });
    try {
      expect((await real.inject({ method: 'GET', url: '/api/v1/dev/mail' })).statusCode).toBe(404);
      expect((await real.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      expect((await real.inject({ method: 'POST', url: '/api/v1/dev/google/id-token', payload: {} })).statusCode).toBe(404);
      const google = await real.inject({ method: 'GET', url: '/api/v1/user/google-sign-in' });
      expect(google.json()).toEqual({ data: { mode: 'google', clientId: 'real-client.apps.googleusercontent.com' } });
      expect(google.headers['content-security-policy']).toContain('https://accounts.google.com');
    } finally {
      await real.close();
    }
  });
});
