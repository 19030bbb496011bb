import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { mailsTo, newCredentials, signUpBody } from './test-players.js';

async function signUp(body: Record<string, unknown>) {
  const client = await newClient();
  return { client, response: await client.post('user/sign-up', body) };
}

function fieldMessages(body: { errors?: { details?: unknown }[] }): Record<string, string> {
  const issues = (body.errors?.[0]?.details as { issues?: { field: string; message: string }[] } | undefined)?.issues ?? [];
  // The first issue of each field: what the form shows under it.
  return Object.fromEntries(issues.reverse().map((issue) => [issue.field.replace(/^body\./, ''), issue.message]));
}

describe('POST /user/sign-up', () => {
  it('creates the account without a session and mails a verification link built from the public URL', async () => {
    const credentials = newCredentials('su');
    const { client, response } = await signUp(
      signUpBody(credentials, { promoCode: 'welcome10', isMarketingAccepted: true, friendsReferralCode: 'FRIEND42', token: 'aff-7' }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ username: credentials.userName, email: credentials.email, emailVerified: false });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await client.get('user/profile')).status).toBe(401);

    const [mail] = await mailsTo(credentials.email);
    const { config } = await testServer();
    expect(mail?.subject).toBe('Verify your e-mail address');
    expect(mail?.text).toContain(`${config.publicUrl}/user/verifyEmail?token=`);
    expect(mail?.html).toContain(`${config.publicUrl}/user/verifyEmail?token=`);

    const { database } = await testServer();
    const [row] = await queryRows<{
      promo_code: string;
      friends_referral_code: string;
      sign_up_token: string;
      password_hash: string;
      marketing_consent: boolean;
    }>(
      database.db,
      sql`select promo_code, friends_referral_code, sign_up_token, password_hash, marketing_consent from users where username = ${credentials.userName}`,
    );
    expect(row).toMatchObject({
      promo_code: 'WELCOME10',
      friends_referral_code: 'FRIEND42',
      sign_up_token: 'aff-7',
      marketing_consent: true,
    });
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain(credentials.password);
  });

  it('refuses a username taken in any letter case with 3009, and an e-mail taken in any case with 3007', async () => {
    const first = newCredentials('dup');
    expect((await signUp(signUpBody(first))).response.status).toBe(200);

    const sameName = await signUp(signUpBody({ ...newCredentials('x'), userName: first.userName.toUpperCase() }));
    expect(sameName.response.status).toBe(409);
    expect(sameName.response.body.errors?.[0]).toMatchObject({ errorCode: 3009, description: 'Username already exists' });

    const sameEmail = await signUp(signUpBody({ ...newCredentials('y'), email: first.email.toUpperCase() }));
    expect(sameEmail.response.status).toBe(409);
    expect(sameEmail.response.body.errors?.[0]).toMatchObject({ errorCode: 3007, description: 'Email already exists.' });
  });

  it('answers the availability check ignoring case', async () => {
    const credentials = newCredentials('av');
    await signUp(signUpBody(credentials));
    const client = await newClient();
    const taken = await client.get('user/sign-up', { userName: credentials.userName.toUpperCase() });
    expect(taken.status).toBe(200);
    expect(taken.body.data).toEqual({ isUserNameExist: true });
    const free = await client.get('user/sign-up', { userName: uniqueName('free') });
    expect(free.body.data).toEqual({ isUserNameExist: false });
    const bad = await client.get('user/sign-up', { userName: 'ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.description).toBe('Username must be 5-15 characters long & contain only alphabets or digits');
  });

  it.each([
    ['userName', { userName: '' }, 'Username is required'],
    ['userName', { userName: '      ' }, 'Username cannot contain only spaces'],
    ['userName', { userName: 'abc' }, 'Username must be 5-15 characters long & contain only alphabets or digits'],
    ['userName', { userName: 'abcdefghijklmnop' }, 'Username must be 5-15 characters long & contain only alphabets or digits'],
    ['userName', { userName: 'abc_def' }, 'Username must be 5-15 characters long & contain only alphabets or digits'],
    ['email', { email: '' }, 'Please enter an email address'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['password', { password: encodeBase64Utf8('Ab1!') }, 'Password must contain at least 10 characters'],
    ['password', { password: encodeBase64Utf8('Abcdefghij1!Abcdefghij') }, 'Password must not contain more than 20 characters'],
    [
      'password',
      { password: encodeBase64Utf8('abcdefghij1!') },
      'Password must contain at least one lowercase & uppercase letter, digit and special character',
    ],
    [
      'password',
      { password: encodeBase64Utf8('Abcdefghij1') },
      'Password must contain at least one lowercase & uppercase letter, digit and special character',
    ],
    [
      'password',
      { password: encodeBase64Utf8('Abcdefghij!') },
      'Password must contain at least one lowercase & uppercase letter, digit and special character',
    ],
    ['password', { password: 'Spin&Win2026!' }, 'Password must be sent base64-encoded'],
    ['isTermsAccepted', { isTermsAccepted: false }, 'Please accept terms and conditions'],
    [
      'isMarketingAccepted',
      { promoCode: 'BONUS', isMarketingAccepted: false },
      'Please agree to receive promotional offers to use a promo code',
    ],
    [
      'dateOfBirth',
      { dateOfBirth: new Date(Date.now() - 17 * 365.25 * 864e5).toISOString().slice(0, 10) },
      'You must be at least 18 years old',
    ],
  ])('refuses a bad %s with the seed message: %s', async (field, override, message) => {
    const { response } = await signUp(signUpBody(newCredentials('v'), override));
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.errorCode).toBe(3000);
    expect(fieldMessages(response.body)[field]).toBe(message);
  });

  it('accepts a promo code with marketing consent and an adult birth date', async () => {
    const credentials = newCredentials('ok');
    const { response } = await signUp(
      signUpBody(credentials, { promoCode: 'lucky5', isMarketingAccepted: true, dateOfBirth: '1990-05-17' }),
    );
    expect(response.status).toBe(200);
  });

  it('still creates the account when the verification e-mail cannot be delivered, and Resend reports the failure', async () => {
    const credentials = { ...newCredentials('bounce'), email: `${uniqueName('b')}@mailbox.invalid` };
    const { response } = await signUp(signUpBody(credentials));
    expect(response.status).toBe(200);
    expect(await mailsTo(credentials.email)).toEqual([]);
    const client = await newClient();
    const resend = await client.post('user/resendVerifyEmail', { email: credentials.email });
    expect(resend.status).toBe(503);
    expect(resend.body.errors?.[0]?.errorCode).toBe(3006);
  });
});
