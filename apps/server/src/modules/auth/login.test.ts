import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { logIn, mailsTo, newCredentials, registerVerifiedPlayer, signedInPlayer, signUpBody, TEST_PASSWORD } from './test-players.js';

describe('POST /user/login', () => {
  it('signs a verified player in with an httpOnly SameSite=Lax cookie whose token is stored only as a hash', async () => {
    const credentials = await registerVerifiedPlayer('li');
    const client = await newClient();
    const response = await logIn(client, credentials);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('You have successfully logged in');
    expect(response.body.data).toMatchObject({
      username: credentials.userName,
      email: credentials.email,
      emailVerified: true,
      hasPassword: true,
    });
    expect(response.body.data).not.toHaveProperty('passwordHash');

    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // only in production
    const token = client.cookie(SESSION_COOKIE)!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const { database } = await testServer();
    const stored = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.tokenHash, token));
    expect(stored).toEqual([]);
    const hashed = await database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(hashed).toEqual([{ userId: response.body.data?.userId }]);

    const profile = await client.get('user/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ userId: response.body.data?.userId, username: credentials.userName });
  });

  it('accepts the e-mail in any letter case', async () => {
    const credentials = await registerVerifiedPlayer('case');
    const response = await logIn(await newClient(), { ...credentials, email: credentials.email.toUpperCase() });
    expect(response.status).toBe(200);
  });

  it('gives a new session token at every login and ends the session the browser came with', async () => {
    const credentials = await registerVerifiedPlayer('rot');
    const client = await newClient();
    await logIn(client, credentials);
    const first = client.cookie(SESSION_COOKIE)!;
    await logIn(client, credentials);
    const second = client.cookie(SESSION_COOKIE)!;
    expect(second).not.toBe(first);

    const stale = await newClient();
    stale.setCookie(SESSION_COOKIE, first);
    const refused = await stale.get('user/profile');
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3082);
    expect((await client.get('user/profile')).status).toBe(200);
  });

  it('answers an unknown e-mail with 3183 (switch to sign-up)', async () => {
    const response = await logIn(await newClient(), { email: `nobody-${Date.now()}@players.test`, password: TEST_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3183, description: 'Please first sign up for login' });
  });

  it('answers a wrong password with 3065 and no session', async () => {
    const credentials = await registerVerifiedPlayer('wp');
    const client = await newClient();
    const response = await logIn(client, { ...credentials, password: 'Wrong&Pass123' });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3065, description: 'Incorrect password.' });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('answers an unverified e-mail with 3050, starts no session and sends the verification mail it speaks of', async () => {
    const credentials = newCredentials('unv');
    const client = await newClient();
    await client.post('user/sign-up', signUpBody(credentials));
    expect(await mailsTo(credentials.email)).toHaveLength(1);

    const first = await logIn(client, credentials);
    expect(first.status).toBe(400);
    expect(first.body.errors?.[0]).toMatchObject({ errorCode: 3050, description: 'Verification email has been sent to you' });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await mailsTo(credentials.email)).toHaveLength(2);
  });

  it('answers an account without a password (Google only) with 3064 and a description', async () => {
    const credentials = newCredentials('gonly');
    const { database } = await testServer();
    await database.db.insert(users).values({ username: credentials.userName, email: credentials.email, emailVerifiedAt: new Date() });
    const response = await logIn(await newClient(), credentials);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.errorCode).toBe(3064);
    expect(response.body.errors?.[0]?.description).toContain('Google');
  });

  it.each([
    [{ email: '', password: encodeBase64Utf8(TEST_PASSWORD) }, 'Please enter an email address'],
    [{ email: 'nope', password: encodeBase64Utf8(TEST_PASSWORD) }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: encodeBase64Utf8('Short1!') }, 'Password must contain at least 8 characters'],
    [{ email: 'a@b.co', password: encodeBase64Utf8('Way&TooLongPassword123') }, 'Password must not contain more than 20 characters'],
  ])('validates the login payload with the seed messages (%j)', async (body, message) => {
    const response = await (await newClient()).post('user/login', body);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.description).toBe(message);
  });
});

describe('sessions and logout', () => {
  it('logs out on the server: the old cookie then gets 401 with 3082', async () => {
    const { client } = await signedInPlayer('lo');
    const token = client.cookie(SESSION_COOKIE)!;
    const response = await client.post('user/logout');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('You have successfully logged out.');
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();

    const replay = await newClient();
    replay.setCookie(SESSION_COOKIE, token);
    const refused = await replay.get('user/profile');
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3082);
  });

  it('answers logout without a session with success (nothing to end)', async () => {
    const response = await (await newClient()).post('user/logout');
    expect(response.status).toBe(200);
  });

  it('answers the profile without a cookie with 401 and 3002', async () => {
    const response = await (await newClient()).get('user/profile');
    expect(response.status).toBe(401);
    expect(response.body.errors?.[0]?.errorCode).toBe(3002);
  });

  it('ends a session that was idle too long, and one past its absolute expiry, with 3008', async () => {
    const { database, config } = await testServer();
    const idle = await signedInPlayer('idle');
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (config.SESSION_IDLE_TIMEOUT_SECONDS + 5) * 1000) })
      .where(eq(sessions.userId, idle.userId));
    const idleAnswer = await idle.client.get('user/profile');
    expect(idleAnswer.status).toBe(401);
    expect(idleAnswer.body.errors?.[0]?.errorCode).toBe(3008);

    const old = await signedInPlayer('abs');
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.userId));
    const oldAnswer = await old.client.get('user/profile');
    expect(oldAnswer.status).toBe(401);
    expect(oldAnswer.body.errors?.[0]?.errorCode).toBe(3008);
  });

  it("ends only the caller's session at logout, never another player's", async () => {
    const alice = await signedInPlayer('alog');
    const bob = await signedInPlayer('blog');
    expect((await alice.client.post('user/logout', { userId: bob.userId })).status).toBe(200);
    expect((await bob.client.get('user/profile')).status).toBe(200);
    expect((await alice.client.get('user/profile')).status).toBe(401);
  });

  it('shows each player only their own profile, whatever the request says', async () => {
    const alice = await signedInPlayer('alice');
    const bob = await signedInPlayer('bob');
    const forAlice = await alice.client.get('user/profile', { userId: bob.userId });
    expect(forAlice.body.data?.userId).toBe(alice.userId);
    expect(forAlice.body.data?.email).toBe(alice.credentials.email);
    const forBob = await bob.client.get('user/profile');
    expect(forBob.body.data?.userId).toBe(bob.userId);
  });
});
