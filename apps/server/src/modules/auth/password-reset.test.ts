import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { hashToken } from '../../lib/tokens.js';
import { logIn, mailsTo, newCredentials, registerVerifiedPlayer, signedInPlayer, signUpBody, tokenFromLatestMail } from './test-players.js';

const NEW_PASSWORD = 'Fresh$Start2026';

async function requestReset(email: string) {
  const client = await newClient();
  const response = await client.post('user/forgetPassword', { email });
  expect(response.status).toBe(200);
  return tokenFromLatestMail(email, '/user/forgotPassword');
}

function reset(newPasswordKey: string, password = NEW_PASSWORD) {
  return newClient().then((client) => client.post('user/verifyForgetPassword', { newPasswordKey, password: encodeBase64Utf8(password) }));
}

describe('POST /user/forgetPassword', () => {
  it('mails a reset link built from the public URL with the seed success text', async () => {
    const credentials = await registerVerifiedPlayer('fp');
    const client = await newClient();
    const response = await client.post('user/forgetPassword', { email: credentials.email });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Reset password link sent');
    const [mail] = await mailsTo(credentials.email);
    const { config } = await testServer();
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain(`${config.publicUrl}/user/forgotPassword?token=`);
  });

  it('answers an unknown e-mail with 3053 and the seed text', async () => {
    const response = await (await newClient()).post('user/forgetPassword', { email: `ghost-${Date.now()}@players.test` });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3053, description: 'Please enter your registered email.' });
  });
});

describe('POST /user/verifyForgetPassword', () => {
  it('changes the password, ends every session, and does not sign in', async () => {
    const { client: signedIn, credentials } = await signedInPlayer('rp');
    const other = await newClient();
    await logIn(other, credentials);
    const token = await requestReset(credentials.email);

    const resetClient = await newClient();
    const response = await resetClient.post('user/verifyForgetPassword', {
      newPasswordKey: token,
      password: encodeBase64Utf8(NEW_PASSWORD),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Your Password is changed');
    expect(resetClient.cookie('casino_session')).toBeUndefined();

    for (const client of [signedIn, other]) {
      const answer = await client.get('user/profile');
      expect(answer.status).toBe(401);
      expect(answer.body.errors?.[0]?.errorCode).toBe(3082);
    }
    expect((await logIn(await newClient(), credentials)).body.errors?.[0]?.errorCode).toBe(3065);
    expect((await logIn(await newClient(), { ...credentials, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a used link with 3022 and the seed text', async () => {
    const credentials = await registerVerifiedPlayer('ru');
    const token = await requestReset(credentials.email);
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'Another$Pass2026');
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]).toMatchObject({
      errorCode: 3022,
      description: 'Password reset link is no longer valid. Kindly request a new link.',
    });
    expect((await logIn(await newClient(), { ...credentials, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses an expired link with 3022', async () => {
    const credentials = await registerVerifiedPlayer('rx');
    const token = await requestReset(credentials.email);
    const { database } = await testServer();
    await database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`,
    );
    expect((await reset(token)).body.errors?.[0]?.errorCode).toBe(3022);
    expect((await logIn(await newClient(), credentials)).status).toBe(200);
  });

  it('honours only the newest link', async () => {
    const credentials = await registerVerifiedPlayer('rn');
    const older = await requestReset(credentials.email);
    const newer = await requestReset(credentials.email);
    expect((await reset(older)).body.errors?.[0]?.errorCode).toBe(3022);
    expect((await reset(newer)).status).toBe(200);
  });

  it('cannot use a verification link as a reset key', async () => {
    const credentials = newCredentials('rk');
    const client = await newClient();
    await client.post('user/sign-up', signUpBody(credentials));
    const verifyToken = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
    expect((await reset(verifyToken)).body.errors?.[0]?.errorCode).toBe(3022);
  });

  it('verifies the e-mail of an account that resets before verifying (the link proved the mailbox)', async () => {
    const credentials = newCredentials('rv');
    await (await newClient()).post('user/sign-up', signUpBody(credentials));
    const token = await requestReset(credentials.email);
    expect((await reset(token)).status).toBe(200);
    expect((await logIn(await newClient(), { ...credentials, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('accepts a new password of 8 characters, the seed rule of Reset Password', async () => {
    const credentials = await registerVerifiedPlayer('r8');
    const token = await requestReset(credentials.email);
    const response = await reset(token, 'Fr$sh202');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Your Password is changed');
  });

  it.each([
    ['Shor1!a', 'Password must contain at least 8 characters'],
    ['Much&TooLong12345678901', 'Password must not contain more than 20 characters'],
    [
      'alllower123$',
      'Password must include at least one uppercase and lowercase letter, one numeric digit, and one special character (@$!%*?&)',
    ],
    [
      'NoDigits$Here',
      'Password must include at least one uppercase and lowercase letter, one numeric digit, and one special character (@$!%*?&)',
    ],
    [
      'NoSpecial1234',
      'Password must include at least one uppercase and lowercase letter, one numeric digit, and one special character (@$!%*?&)',
    ],
    [
      'Hash#Only1234',
      'Password must include at least one uppercase and lowercase letter, one numeric digit, and one special character (@$!%*?&)',
    ],
  ])('refuses the new password %s with the seed message', async (password, message) => {
    const credentials = await registerVerifiedPlayer('rw');
    const token = await requestReset(credentials.email);
    const response = await reset(token, password);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.description).toBe(message);
    // The link survives a refused password.
    expect((await reset(token)).status).toBe(200);
  });
});
