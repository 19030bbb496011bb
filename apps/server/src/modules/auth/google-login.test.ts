import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createSandboxGoogle } from '../../providers/google/sandbox-google.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { mailsTo, registerVerifiedPlayer } from './test-players.js';

interface Account {
  email: string;
  name: string;
  emailVerified: boolean;
}

function googleAccount(overrides: Partial<Account> = {}): Account {
  const local = uniqueName('g').toLowerCase();
  return { email: `${local}@example.com`, name: 'Avery Quinn', emailVerified: true, ...overrides };
}

/** The sandbox account chooser: the ID token the sign-in screen would receive. */
async function chooserToken(account: Account): Promise<string> {
  const response = await (await newClient()).post<{ data: { credential: string } }>('dev/google/id-token', account);
  expect(response.status).toBe(200);
  return response.body.data.credential;
}

async function googleLogin(credential: string) {
  const client = await newClient();
  return { client, response: await client.post('user/googleLogin', { credential, browser: 'vitest', platform: 'web' }) };
}

describe('POST /user/googleLogin (sandbox Google)', () => {
  it('tells the sign-in screen to offer the sandbox account chooser', async () => {
    const client = await newClient();
    const response = await client.get('user/google-sign-in');
    expect(response.body.data).toEqual({ mode: 'sandbox', clientId: 'sandbox-google-client-id' });
    const accounts = await client.get('dev/google/accounts');
    expect(accounts.body.data?.rows?.length).toBeGreaterThan(0);
  });

  it('creates a verified player with a derived unique username on first sign-in, and signs the same player in again', async () => {
    const account = googleAccount();
    const first = await googleLogin(await chooserToken(account));
    expect(first.response.status).toBe(200);
    expect(first.response.body.message).toBe('You have successfully logged in');
    const created = first.response.body.data!;
    expect(created).toMatchObject({ email: account.email, emailVerified: true, hasPassword: false });
    expect(created.username).toMatch(/^[A-Za-z0-9]{5,15}$/);
    expect(first.client.cookie(SESSION_COOKIE)).toBeDefined();
    expect((await first.client.get('user/profile')).body.data?.userId).toBe(created.userId);

    const second = await googleLogin(await chooserToken(account));
    expect(second.response.body.data?.userId).toBe(created.userId);

    // Same display name, different person: a different, still unique username.
    const namesake = await googleLogin(await chooserToken(googleAccount()));
    expect(namesake.response.body.data?.username).not.toBe(created.username);
  });

  it('links a Google account to the existing player with that verified e-mail', async () => {
    const credentials = await registerVerifiedPlayer('link');
    const { response } = await googleLogin(await chooserToken(googleAccount({ email: credentials.email.toUpperCase() })));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ username: credentials.userName, hasPassword: true });
    const { database } = await testServer();
    const row = await database.db.query.users.findFirst({ where: eq(users.username, credentials.userName) });
    expect(row?.googleSubject).toMatch(/^\d{21}$/);
  });

  it('refuses to link an unverified Google e-mail to an existing account (3064)', async () => {
    const credentials = await registerVerifiedPlayer('nolink');
    const { response, client } = await googleLogin(await chooserToken(googleAccount({ email: credentials.email, emailVerified: false })));
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.errorCode).toBe(3064);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('signs in a new player whose Google e-mail is unverified, unverified, and mails a verification link', async () => {
    const account = googleAccount({ emailVerified: false });
    const { response } = await googleLogin(await chooserToken(account));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ emailVerified: false });
    const [mail] = await mailsTo(account.email);
    expect(mail?.subject).toBe('Verify your e-mail address');
  });

  it.each([
    ['a forged signature', { foreignKey: true }, 'signature'],
    ['another audience', { audience: 'someone-elses-client-id' }, 'audience'],
    ['another issuer', { issuer: 'https://evil.example' }, 'issuer'],
    ['an expired token', { expiresIn: -3600 }, 'expired'],
  ])('refuses %s with 3068 and a clear description', async (_label, tamper, reason) => {
    const credential = await (await sandboxSigner()).signIdToken({ ...googleAccount(), ...tamper });
    const { response, client } = await googleLogin(credential);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3068, details: { reason } });
    expect(response.body.errors?.[0]?.description).toMatch(/^Google sign-in failed: /);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a token that is not a JWT', async () => {
    const { response } = await googleLogin('this-is-not-a-jwt-at-all');
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3068, details: { reason: 'malformed' } });
  });
});

/** The shared server's sandbox signer, for tokens the account chooser would never hand out. */
async function sandboxSigner() {
  const { database, config } = await testServer();
  return createSandboxGoogle(database.db, config.GOOGLE_CLIENT_ID);
}
