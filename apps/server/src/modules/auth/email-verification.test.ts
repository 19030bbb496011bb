import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { hashToken } from '../../lib/tokens.js';
import { logIn, mailsTo, newCredentials, registerVerifiedPlayer, signUpBody, tokenFromLatestMail } from './test-players.js';

async function signedUp(prefix: string) {
  const credentials = newCredentials(prefix);
  const client = await newClient();
  await client.post('user/sign-up', signUpBody(credentials));
  return { credentials, client };
}

describe('GET /user/verifyEmail', () => {
  it('verifies the e-mail without a session, after which the player can log in', async () => {
    const { credentials, client } = await signedUp('ve');
    const token = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url

    const response = await client.get('user/verifyEmail', { token });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Email Verified Successfully');
    expect(response.body.data).toEqual({
      email: credentials.email,
      username: credentials.userName,
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      promoBonus: null,
    });
    expect((await client.get('user/profile')).status).toBe(401);
    expect((await logIn(client, credentials)).status).toBe(200);
  });

  it('stores only the hash of the link token', async () => {
    const { credentials } = await signedUp('vh');
    const token = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    const { database } = await testServer();
    const raw = await database.db.execute(sql`select 1 from account_tokens where token_hash = ${token}`);
    const hashed = await database.db.execute(sql`select 1 from account_tokens where token_hash = ${hashToken(token)}`);
    const count = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])).length;
    expect(count(raw)).toBe(0);
    expect(count(hashed)).toBe(1);
  });

  it('refuses a link the second time with 3066', async () => {
    const { credentials, client } = await signedUp('vr');
    const token = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    expect((await client.get('user/verifyEmail', { token })).status).toBe(200);
    const again = await client.get('user/verifyEmail', { token });
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]?.errorCode).toBe(3066);
  });

  it('refuses an expired link with 3066 and leaves the e-mail unverified', async () => {
    const { credentials, client } = await signedUp('vx');
    const token = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    const { database } = await testServer();
    await database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`,
    );
    const response = await client.get('user/verifyEmail', { token });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.errorCode).toBe(3066);
    expect((await logIn(client, credentials)).body.errors?.[0]?.errorCode).toBe(3050);
  });

  it('refuses an unknown token with 3066', async () => {
    const response = await (await newClient()).get('user/verifyEmail', { token: 'A'.repeat(43) });
    expect(response.body.errors?.[0]?.errorCode).toBe(3066);
  });

  it('keeps every mailed link valid until one is used; then all are spent', async () => {
    const { credentials, client } = await signedUp('vm');
    const first = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    expect((await client.post('user/resendVerifyEmail', { email: credentials.email })).status).toBe(200);
    const second = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    expect(second).not.toBe(first);
    expect((await client.get('user/verifyEmail', { token: first })).status).toBe(200);
    expect((await client.get('user/verifyEmail', { token: second })).body.errors?.[0]?.errorCode).toBe(3066);
  });

  it('builds links from the configured public URL, never from the Host header', async () => {
    const { baseUrl, config } = await testServer();
    const credentials = newCredentials('host');
    const response = await fetch(`${baseUrl}/api/v1/user/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify(signUpBody(credentials)),
    });
    expect(response.status).toBe(200);
    const [mail] = await mailsTo(credentials.email);
    expect(mail?.text).toContain(`${config.publicUrl}/user/verifyEmail?token=`);
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.html).not.toContain('evil.example');
  });
});

describe('POST /user/resendVerifyEmail', () => {
  it('sends a new verification mail with the seed success text', async () => {
    const { credentials, client } = await signedUp('rs');
    const response = await client.post('user/resendVerifyEmail', { email: credentials.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Verification mail has been sent successfully');
    expect(await mailsTo(credentials.email)).toHaveLength(2);
  });

  it('answers an e-mail that never signed up with 3052', async () => {
    const response = await (await newClient()).post('user/resendVerifyEmail', { email: `ghost-${Date.now()}@players.test` });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3052, description: 'Please first sign up for login' });
  });

  it('answers an already verified e-mail with 3067', async () => {
    const credentials = await registerVerifiedPlayer('rsv');
    const response = await (await newClient()).post('user/resendVerifyEmail', { email: credentials.email });
    expect(response.body.errors?.[0]?.errorCode).toBe(3067);
  });

  it('validates the e-mail with the seed messages', async () => {
    const response = await (await newClient()).post('user/resendVerifyEmail', { email: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.description).toBe('Please enter a valid email address');
  });
});

describe('a login answered 3050 (e-mail not verified)', () => {
  it('sends a new verification mail each time, as the 3050 text says, whose link verifies the address', async () => {
    const { credentials, client } = await signedUp('v3050');
    expect(await mailsTo(credentials.email)).toHaveLength(1);
    const first = await logIn(client, credentials);
    expect(first.body.errors?.[0]).toMatchObject({ errorCode: 3050, description: 'Verification email has been sent to you' });
    expect(await mailsTo(credentials.email)).toHaveLength(2);
    expect((await logIn(client, credentials)).body.errors?.[0]?.errorCode).toBe(3050);
    expect(await mailsTo(credentials.email)).toHaveLength(3);

    const token = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    expect((await client.get('user/verifyEmail', { token })).status).toBe(200);
    expect((await logIn(client, credentials)).status).toBe(200);
  });

  it('sends nothing for a wrong password', async () => {
    const { credentials, client } = await signedUp('v3065');
    const wrong = await logIn(client, { ...credentials, password: 'Wrong&Pass2026' });
    expect(wrong.body.errors?.[0]?.errorCode).toBe(3065);
    expect(await mailsTo(credentials.email)).toHaveLength(1);
  });
});
