import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { newClient, uniqueName } from '../../test/api.js';
import type { TestClient } from '../../test/http-client.js';

/**
 * Players for integration tests, made the way a player makes an account: sign up through the API,
 * open the verification link from the sandbox outbox, log in. Any feature's tests can use these.
 */
export interface TestCredentials {
  userName: string;
  email: string;
  password: string;
}

/** A password that meets every rule of the seed (sign-up, login and reset schemas). */
export const TEST_PASSWORD = 'Spin&Win2026!';

export function newCredentials(prefix = 'p'): TestCredentials {
  const userName = uniqueName(prefix);
  return { userName, email: `${userName.toLowerCase()}@players.test`, password: TEST_PASSWORD };
}

export function signUpBody(credentials: TestCredentials, extra: Record<string, unknown> = {}) {
  return {
    userName: credentials.userName,
    email: credentials.email,
    password: encodeBase64Utf8(credentials.password),
    isTermsAccepted: true,
    browser: 'vitest',
    platform: 'web',
    ...extra,
  };
}

export interface OutboxMail {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The sandbox outbox for one address, newest first. */
export async function mailsTo(email: string): Promise<OutboxMail[]> {
  const client = await newClient();
  const response = await client.get<{ data: { rows: OutboxMail[] } }>('dev/mail', { to: email });
  if (response.status !== 200) throw new Error(`GET /dev/mail answered ${response.status}`);
  return response.body.data.rows;
}

/** The token of the newest mailed link to `path` (/user/verifyEmail or /user/forgotPassword). */
export async function tokenFromLatestMail(email: string, path: '/user/verifyEmail' | '/user/forgotPassword'): Promise<string> {
  for (const mail of await mailsTo(email)) {
    const match = new RegExp(`https?://\\S+${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no mail with a ${path} link was sent to ${email}`);
}

/** Signed up and e-mail verified, not logged in. */
export async function registerVerifiedPlayer(prefix = 'p'): Promise<TestCredentials> {
  const credentials = newCredentials(prefix);
  const client = await newClient();
  const signUp = await client.post('user/sign-up', signUpBody(credentials));
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const token = await tokenFromLatestMail(credentials.email, '/user/verifyEmail');
  const verified = await client.get('user/verifyEmail', { token });
  if (verified.status !== 200) throw new Error(`verifyEmail failed: ${JSON.stringify(verified.body)}`);
  return credentials;
}

export async function logIn(client: TestClient, credentials: Pick<TestCredentials, 'email' | 'password'>) {
  return client.post('user/login', { email: credentials.email, password: encodeBase64Utf8(credentials.password) });
}

export interface SignedInPlayer {
  client: TestClient;
  userId: number;
  credentials: TestCredentials;
}

/** A verified player with a signed-in client (a browser holding the session cookie). */
export async function signedInPlayer(prefix = 'p'): Promise<SignedInPlayer> {
  const credentials = await registerVerifiedPlayer(prefix);
  const client = await newClient();
  const response = await logIn(client, credentials);
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return { client, userId: Number(response.body.data?.userId), credentials };
}
