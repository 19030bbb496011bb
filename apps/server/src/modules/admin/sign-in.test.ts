import { and, eq, like, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { attemptCounters, operatorAuditLog, operators, operatorSessions } from '../../db/schema/index.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { ADMIN_CHALLENGE_COOKIE, ADMIN_SESSION_COOKIE } from './core.js';
import { createTestOperator, nextCode, OPERATOR_PASSWORD, operatorClient, signInThroughHttp } from './test-support.js';
import { TOTP_PERIOD_SECONDS, totpCode } from './totp.js';

/**
 * Operator sign-in: a password alone never gives a session; the TOTP code is
 * required, enrolled at the first sign-in, single-use, throttled; sessions are short and their
 * own; every sign-in, failed or not, is in the audit trail.
 */
const errorOf = (response: { body: unknown }) => (response.body as { errors?: { errorCode: number; description: string }[] }).errors?.[0];

async function auditOf(operatorId: number) {
  const { database } = await testServer();
  return database.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.operatorId, operatorId)).orderBy(operatorAuditLog.id);
}

async function login(client: TestClient, email: string, password = OPERATOR_PASSWORD) {
  return client.post('/api/admin/auth/login', { email, password });
}

beforeEach(async () => {
  // Every test signs in from 127.0.0.1: start each with clean sign-in counters.
  const { database } = await testServer();
  await database.db.delete(attemptCounters).where(like(attemptCounters.key, 'admin-%'));
});

describe('operator sign-in', () => {
  it('enrols the authenticator at the first sign-in: the password alone gives no session, the first code does', async () => {
    const operator = await createTestOperator(['support'], { enrolled: false });
    const client = await newClient();
    const first = await login(client, operator.email.toUpperCase());
    expect(first.status).toBe(200);
    const step = first.body.data as { step: string; otpauthUri: string; secret: string; qrDataUrl: string };
    expect(step.step).toBe('enrol');
    expect(step.otpauthUri).toMatch(
      /^otpauth:\/\/totp\/Lucky%20Crown%20127\.0\.0\.1:.+\?issuer=Lucky%20Crown%20127\.0\.0\.1&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(step.otpauthUri).toContain(`secret=${step.secret}`);
    expect(step.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(step.qrDataUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Only the sign-in challenge cookie, no session.
    expect(client.cookie(ADMIN_CHALLENGE_COOKIE)).toBeDefined();
    expect(client.cookie(ADMIN_SESSION_COOKIE)).toBeUndefined();
    expect((await client.get('/api/admin/auth/me')).status).toBe(401);

    const wrong = await client.post('/api/admin/auth/totp', { code: totpCode(step.secret, Date.now() + 10 * TOTP_PERIOD_SECONDS * 1000) });
    expect(errorOf(wrong)).toMatchObject({
      errorCode: 3801,
      description: 'The code is not correct. Check your authenticator app and try again.',
    });
    expect(client.cookie(ADMIN_SESSION_COOKIE)).toBeUndefined();

    const confirmed = await client.post('/api/admin/auth/totp', { code: totpCode(step.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ operatorId: operator.operatorId, email: operator.email, roles: ['support'] });
    const cookie = confirmed.headers.getSetCookie().find((line) => line.startsWith(`${ADMIN_SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/; Path=\/api\/admin;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect((await client.get('/api/admin/auth/me')).body.data).toMatchObject({ operatorId: operator.operatorId });

    // The secret is kept sealed, never in the clear.
    const { database } = await testServer();
    const [row] = await database.db.select().from(operators).where(eq(operators.id, operator.operatorId));
    expect(row!.totpEnrolledAt).not.toBeNull();
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(step.secret);

    const actions = (await auditOf(operator.operatorId)).map((entry) => entry.action);
    expect(actions).toEqual(['operator.login.failed', 'operator.two_factor.enrolled', 'operator.login']);
  });

  it('asks an enrolled operator for a code, refuses it a second time, and takes the next one', async () => {
    const operator = await createTestOperator(['payments']);
    const client = await newClient();
    const first = await login(client, operator.email);
    expect(first.body.data).toEqual({ step: 'totp' });
    expect((await client.get('/api/admin/auth/me')).status).toBe(401);
    const code = totpCode(operator.secret!);
    expect((await client.post('/api/admin/auth/totp', { code })).status).toBe(200);

    // Someone who saw the code (and has the password) cannot use it again.
    const other = await newClient();
    expect((await login(other, operator.email)).status).toBe(200);
    const replay = await other.post('/api/admin/auth/totp', { code });
    expect(errorOf(replay)).toMatchObject({
      errorCode: 3802,
      description: 'This code was already used. Wait for the next code and try again.',
    });
    expect(other.cookie(ADMIN_SESSION_COOKIE)).toBeUndefined();
    expect((await other.post('/api/admin/auth/totp', { code: nextCode(operator.secret!) })).status).toBe(200);

    const failures = (await auditOf(operator.operatorId)).filter((entry) => entry.action === 'operator.login.failed');
    expect(failures.map((entry) => (entry.after as { cause: string }).cause)).toEqual(['code already used']);
  });

  it('lets one of several simultaneous answers with the same code through', async () => {
    const operator = await createTestOperator(['content']);
    const client = await newClient();
    expect((await login(client, operator.email)).status).toBe(200);
    const code = totpCode(operator.secret!);
    const answers = await Promise.all([1, 2, 3, 4].map(() => client.post('/api/admin/auth/totp', { code })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => errorOf(answer)?.errorCode === 3803)).toHaveLength(3);
  });

  it('ends the challenge after five wrong codes', async () => {
    const operator = await createTestOperator(['support']);
    const client = await newClient();
    await login(client, operator.email);
    const wrong = totpCode(operator.secret!, Date.now() - 10 * TOTP_PERIOD_SECONDS * 1000);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(errorOf(await client.post('/api/admin/auth/totp', { code: wrong }))?.errorCode).toBe(3801);
    }
    expect(errorOf(await client.post('/api/admin/auth/totp', { code: wrong }))).toMatchObject({
      errorCode: 3803,
      description: 'Too many wrong codes. Please enter your e-mail and password again.',
    });
    // Even the right code needs a new sign-in now.
    expect(errorOf(await client.post('/api/admin/auth/totp', { code: totpCode(operator.secret!) }))?.errorCode).toBe(3803);
  });

  it('limits wrong codes per operator across sign-ins', async () => {
    const operator = await createTestOperator(['support']);
    const client = await newClient();
    const wrong = totpCode(operator.secret!, Date.now() - 10 * TOTP_PERIOD_SECONDS * 1000);
    const answers = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      if (attempt % 5 === 1) await login(client, operator.email);
      answers.push(await client.post('/api/admin/auth/totp', { code: wrong }));
    }
    const refused = answers.at(-1)!;
    expect(answers.slice(0, 10).map((answer) => answer.status)).not.toContain(429);
    expect(refused.status).toBe(429);
    expect(errorOf(refused)?.description).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes?\.$/);
  });

  it('answers a wrong password and an unknown e-mail alike, and records both', async () => {
    const operator = await createTestOperator(['support']);
    const client = await newClient();
    const wrong = await login(client, operator.email, 'not-the-password-at-all');
    const unknown = await login(client, `nobody-${operator.email}`, OPERATOR_PASSWORD);
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toMatchObject({ errorCode: 3800, description: 'The e-mail or password is incorrect.' });
    }
    expect(client.cookie(ADMIN_CHALLENGE_COOKIE)).toBeUndefined();
    const { database } = await testServer();
    const failed = await database.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.action, 'operator.login.failed'),
          sql`${operatorAuditLog.operatorEmail} in (${operator.email}, ${`nobody-${operator.email}`})`,
        ),
      )
      .orderBy(operatorAuditLog.id);
    expect(failed.map((entry) => [entry.operatorId, (entry.after as { cause: string }).cause, entry.ip])).toEqual([
      [operator.operatorId, 'wrong password', '127.0.0.1'],
      [null, 'unknown e-mail', '127.0.0.1'],
    ]);
  });

  it('locks an address out of an account after five wrong passwords', async () => {
    const operator = await createTestOperator(['support']);
    const client = await newClient();
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect(errorOf(await login(client, operator.email, 'wrong-password-123'))?.errorCode).toBe(3800);
    const locked = await login(client, operator.email);
    expect(locked.status).toBe(429);
    expect(errorOf(locked)?.description).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('refuses a disabled operator, and the code step without its cookie', async () => {
    const operator = await createTestOperator(['support']);
    const { database } = await testServer();
    await database.db.update(operators).set({ disabledAt: new Date() }).where(eq(operators.id, operator.operatorId));
    expect(errorOf(await login(await newClient(), operator.email))).toMatchObject({
      errorCode: 3804,
      description: 'This operator account is disabled.',
    });
    const noChallenge = await (await newClient()).post('/api/admin/auth/totp', { code: '123456' });
    expect(errorOf(noChallenge)?.errorCode).toBe(3803);
  });

  it('ends the session after 30 idle minutes, after 8 hours whatever, and at sign-out', async () => {
    const { database } = await testServer();
    const operator = await createTestOperator(['support']);
    const idle = await operatorClient(operator);
    await database.db
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(operatorSessions.operatorId, operator.operatorId));
    expect(errorOf(await idle.get('/api/admin/auth/me'))).toMatchObject({ errorCode: 3008 });

    const old = await operatorClient(operator);
    await database.db
      .update(operatorSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(operatorSessions.tokenHash, sql`encode(sha256(convert_to(${old.cookie(ADMIN_SESSION_COOKIE)!}, 'UTF8')), 'hex')`));
    expect((await old.get('/api/admin/auth/me')).status).toBe(401);

    const active = await operatorClient(operator);
    expect((await active.get('/api/admin/auth/me')).status).toBe(200);
    expect((await active.post('/api/admin/auth/logout')).status).toBe(200);
    expect(active.cookie(ADMIN_SESSION_COOKIE)).toBeUndefined();
    expect((await active.get('/api/admin/auth/me')).status).toBe(401);
    expect((await auditOf(operator.operatorId)).at(-1)?.action).toBe('operator.logout');
  });

  it('signs in through both steps over HTTP and refuses a foreign Origin', async () => {
    const operator = await createTestOperator(['compliance']);
    const client = await newClient();
    expect((await signInThroughHttp(client, operator)).status).toBe(200);
    const { baseUrl } = await testServer();
    const foreign = await fetch(`${baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: operator.email, password: OPERATOR_PASSWORD }),
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { errors: { errorCode: number }[] }).errors[0]?.errorCode).toBe(3010);
  });
});
