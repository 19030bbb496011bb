import { encodeBase64Utf8 } from '@casino/contracts/base64';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { anyGameId, walletCall } from '../../rgs/test-support.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { fundPlayer, signedInClient } from '../../test/signed-in.js';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import { logIn, signedInPlayer, TEST_PASSWORD } from '../auth/test-players.js';

interface StateRow {
  state_id: number;
  stateCode: string;
}

let californiaId: number | undefined;
async function california(): Promise<number> {
  if (californiaId === undefined) {
    const rows = (await (await newClient()).get('details/state')).body.data!.rows as StateRow[];
    californiaId = rows.find((row) => row.stateCode === 'CA')!.state_id;
  }
  return californiaId;
}

async function accountForm(change: Record<string, unknown> = {}) {
  return {
    firstName: 'Jane',
    lastName: 'Player',
    dateOfBirth: '1990-04-12',
    addressLine_1: '1 Market Street',
    addressLine_2: '',
    state: String(await california()),
    city: 'San Francisco',
    zipCode: '94105',
    country: '199',
    gender: 'female',
    ...change,
  };
}

function errorOf(body: unknown) {
  return (body as { errors?: { errorCode: number; description: string }[] }).errors?.[0];
}

describe('PUT /user/profile from the account form', () => {
  it('saves the profile, which GET /user/profile then shows, with the seed message', async () => {
    const { client } = await signedInClient('acc');
    const response = await client.put('user/profile', await accountForm());
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated successfully.');
    expect((await client.get('user/profile')).body.data).toMatchObject({
      firstName: 'Jane',
      lastName: 'Player',
      dateOfBirth: '1990-04-12',
      addressLine_1: '1 Market Street',
      city: 'San Francisco',
      zipCode: '94105',
    });
  });

  it.each([
    [{ firstName: '' }, 'Please provide first name'],
    [{ firstName: 'Jo' }, 'First Name must be at-least 3 characters'],
    [{ firstName: 'J4ne' }, 'Only Characters are allowed'],
    [{ firstName: 'Mary  Ann' }, 'Only Characters are allowed'],
    [{ lastName: '' }, 'Please provide last name'],
    [{ lastName: 'Pl' }, 'Last Name must be at-least 3 characters'],
    [{ lastName: 'Van Der Berg' }, 'Only Characters are allowed'],
    [{ dateOfBirth: '' }, 'Date of birth is required'],
    [{ dateOfBirth: '1990-02-30' }, 'Please select Date of Birth'],
    [{ dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` }, 'You must be at least 18 years old'],
    [{ addressLine_1: '' }, 'Please provide Address1'],
    [{ addressLine_1: 'ab' }, 'Address must be at-least 3 characters'],
    [{ city: '' }, 'City is required'],
    [{ city: 'Springfield Nowhere' }, 'City is required'],
    [{ state: '' }, 'State is required'],
    [{ state: '999999' }, 'State is required'],
    [{ zipCode: '' }, 'Zip Code is required'],
    [{ zipCode: '94a05' }, 'Must be only digits'],
    [{ zipCode: '9410' }, 'Must be exactly 5 digits'],
    [{ gender: 'robot' }, 'Gender is required'],
    [{ gender: undefined }, 'Gender is required'],
    [{ gender: '' }, 'Gender is required'],
  ])('refuses %o with "%s" and saves nothing', async (change, message) => {
    const { client } = await signedInClient('acc');
    const response = await client.put('user/profile', await accountForm(change));
    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ errorCode: 3000, description: message });
    expect((await client.get('user/profile')).body.data).toMatchObject({ firstName: null, zipCode: null });
  });

  it('keeps first name, last name and date of birth once set; the address can change', async () => {
    const { client } = await signedInClient('acc');
    expect((await client.put('user/profile', await accountForm())).status).toBe(200);
    for (const [change, message] of [
      [{ firstName: 'Janet' }, 'First name cannot be changed once set.'],
      [{ lastName: 'Gamer' }, 'Last name cannot be changed once set.'],
      [{ dateOfBirth: '1991-04-12' }, 'Date of birth cannot be changed once set.'],
    ] as const) {
      const response = await client.put('user/profile', await accountForm(change));
      expect(response.status).toBe(400);
      expect(errorOf(response.body)?.description).toBe(message);
    }
    const moved = await client.put('user/profile', await accountForm({ addressLine_1: '2 Mission Street', zipCode: '94103' }));
    expect(moved.status).toBe(200);
    expect((await client.get('user/profile')).body.data).toMatchObject({
      firstName: 'Jane',
      addressLine_1: '2 Mission Street',
      zipCode: '94103',
    });
  });

  it("answers 3007 'Email already exists.' for another account's e-mail, and keeps the e-mail read-only", async () => {
    const first = await signedInClient('acc');
    const second = await signedInClient('acc');
    const firstEmail = (await first.client.get('user/profile')).body.data!.email as string;
    const secondEmail = (await second.client.get('user/profile')).body.data!.email as string;

    const taken = await second.client.put('user/profile', await accountForm({ email: firstEmail.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(errorOf(taken.body)).toMatchObject({ errorCode: 3007, description: 'Email already exists.' });
    const other = await second.client.put('user/profile', await accountForm({ email: `new-${randomUUID()}@players.test` }));
    expect(errorOf(other.body)?.description).toBe('E-mail cannot be changed once set.');
    expect((await second.client.put('user/profile', await accountForm({ email: secondEmail }))).status).toBe(200);
    expect((await second.client.get('user/profile')).body.data!.email).toBe(secondEmail);
  });

  it('is the same path as the billing step (skipCheck true), with that form’s own messages', async () => {
    const { client } = await signedInClient('acc');
    const billing = await client.put('user/profile', await accountForm({ skipCheck: true, addressLine_1: ' 1 Market' }));
    expect(errorOf(billing.body)?.description).toBe('Address1 must not start with a space');
    expect((await client.put('user/profile', await accountForm({ skipCheck: true }))).status).toBe(200);
    // The names the billing step saved are now read-only for the account form too.
    const rename = await client.put('user/profile', await accountForm({ firstName: 'Janet' }));
    expect(errorOf(rename.body)?.description).toBe('First name cannot be changed once set.');
  });

  it('keeps the gender of seed 001 (male, female, other): none until the player saves the account form, then the one chosen', async () => {
    const { client, userId } = await signedInClient('gen');
    expect((await client.get('user/profile')).body.data).toMatchObject({ gender: null });
    // The billing step asks no gender and sets none.
    expect((await client.put('user/profile', await accountForm({ skipCheck: true, gender: undefined }))).status).toBe(200);
    expect((await client.get('user/profile')).body.data).toMatchObject({ gender: null });
    const saved = await client.put('user/profile', await accountForm({ gender: 'other' }));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ gender: 'other' });
    expect((await client.get('user/profile')).body.data).toMatchObject({ gender: 'other' });
    expect((await client.put('user/profile', await accountForm({ gender: 'male' }))).status).toBe(200);
    expect((await client.get('user/profile')).body.data).toMatchObject({ gender: 'male' });
    // The database holds only the seed's values.
    const { database } = await testServer();
    await expect(database.db.execute(sql`update users set gender = 'robot' where id = ${userId}`)).rejects.toThrow();
  });

  it('needs a signed-in player', async () => {
    expect((await (await newClient()).put('user/profile', await accountForm())).status).toBe(401);
  });
});

// ---------------------------------------------------------------- avatar

async function upload(client: TestClient, bytes: Buffer, filename: string, type: string) {
  const { baseUrl } = await testServer();
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${baseUrl}/api/v1/user/upload-image`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: client.cookieHeader() },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: { status: boolean; profileImage: string }; message?: string },
  };
}

async function fetchImage(client: TestClient | undefined, path: string) {
  const { baseUrl } = await testServer();
  const response = await fetch(`${baseUrl}${path}`, { headers: client ? { cookie: client.cookieHeader() } : {} });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A 2000x1000 JPEG carrying EXIF (camera, copyright) as phones write them. */
function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .withExifMerge({ IFD0: { Copyright: 'Jane Player home address', Make: 'PhoneMaker' } })
    .toBuffer();
}

describe('POST /user/upload-image', () => {
  it('re-encodes a JPEG without its metadata, at most 512 px, served to its owner as image/jpeg', async () => {
    const { client } = await signedInClient('img');
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await upload(client, photo, 'me.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Image uploaded successfully.');
    expect(response.body.data!.status).toBe(true);
    const path = response.body.data!.profileImage;
    expect(path).toMatch(/^\/api\/v1\/user\/profile-image\/[0-9a-f]{32}$/);
    expect((await client.get('user/profile')).body.data!.profileImage).toBe(path);

    const served = await fetchImage(client, path);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/jpeg');
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 512, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('home address'))).toBe(false);
  });

  it('takes a PNG whatever its name says, and serves it as image/png', async () => {
    const { client } = await signedInClient('img');
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const response = await upload(client, png, 'avatar.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    const served = await fetchImage(client, response.body.data!.profileImage);
    expect(served.type).toBe('image/png');
    expect((await sharp(served.bytes).metadata()).format).toBe('png');
  });

  it.each([
    ['a text file named .png', Buffer.from('<script>alert(1)</script> not an image at all'), 'evil.png', 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'anim.gif', 'image/gif'],
    [
      'a PNG header over garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      'broken.png',
      'image/png',
    ],
  ])('refuses %s with the seed message and keeps the old avatar', async (_label, bytes, name, type) => {
    const { client } = await signedInClient('img');
    const response = await upload(client, bytes, name, type);
    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toMatchObject({
      errorCode: 3000,
      description: 'Invalid file type! Please upload a JPEG, JPG or PNG image.',
    });
    expect((await client.get('user/profile')).body.data!.profileImage).toBeNull();
  });

  it('refuses a file above the size limit', async () => {
    const { client } = await signedInClient('img');
    const { config } = await testServer();
    const big = Buffer.concat([await photoWithExif(), Buffer.alloc(config.PROFILE_IMAGE_MAX_BYTES)]);
    const response = await upload(client, big, 'big.jpg', 'image/jpeg');
    expect(response.status).toBe(400);
    expect(errorOf(response.body)?.description).toMatch(/^The image is too large/);
  });

  it('shows an avatar to its owner only; a new upload replaces the old address', async () => {
    const owner = await signedInClient('img');
    const other = await signedInClient('img');
    const first = (await upload(owner.client, await photoWithExif(), 'a.jpg', 'image/jpeg')).body.data!.profileImage;
    expect((await fetchImage(other.client, first)).status).toBe(404);
    expect((await fetchImage(undefined, first)).status).toBe(401);
    const second = (await upload(owner.client, await photoWithExif(), 'b.jpg', 'image/jpeg')).body.data!.profileImage;
    expect(second).not.toBe(first);
    expect((await fetchImage(owner.client, first)).status).toBe(404);
    expect((await fetchImage(owner.client, second)).status).toBe(200);
  });
});

// ---------------------------------------------------------------- change password

const NEW_PASSWORD = 'Fresh#Spin2027';

function changeBody(oldPassword: string, newPassword: string) {
  return { oldPassword: encodeBase64Utf8(oldPassword), newPassword: encodeBase64Utf8(newPassword) };
}

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function walletSocket(client: TestClient): Promise<Socket> {
  const { baseUrl } = await testServer();
  const socket = connect(`${baseUrl}/wallet`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { origin: baseUrl, cookie: client.cookieHeader() },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('PUT /user/changePassword', () => {
  it.each([
    [changeBody(TEST_PASSWORD, 'Short#1a'), 'Password must contain at least 10 characters'],
    [changeBody(TEST_PASSWORD, 'Waytoolong#Password2026'), 'Password must not contain more than 20 characters'],
    [
      changeBody(TEST_PASSWORD, 'nouppercase#2026'),
      'Password must contain at least one lowercase & uppercase letter, digit and special character',
    ],
    // '*' is not one of the change form's specials (@#$%^&+=!).
    [
      changeBody(TEST_PASSWORD, 'Star*Spin2027'),
      'Password must contain at least one lowercase & uppercase letter, digit and special character',
    ],
    [changeBody(TEST_PASSWORD, TEST_PASSWORD), 'Old Password and New Password should not be the same'],
    [{ oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, 'Password must be sent base64-encoded'],
  ])('refuses %o with "%s"', async (body, message) => {
    const { client } = await signedInClient('pwd');
    const response = await client.put('user/changePassword', body);
    expect(response.status).toBe(400);
    expect(errorOf(response.body)?.description).toBe(message);
  });

  it('answers 3038 on a wrong old password and changes nothing', async () => {
    const { client, credentials } = await signedInPlayer('pwd');
    const response = await client.put('user/changePassword', changeBody('Wrong#Pass2026', NEW_PASSWORD));
    expect(response.status).toBe(400);
    expect(errorOf(response.body)?.errorCode).toBe(3038);
    expect((await logIn(await newClient(), credentials)).status).toBe(200);
    expect((await logIn(await newClient(), { email: credentials.email, password: NEW_PASSWORD })).status).toBe(400);
  });

  it("ends the player's other sessions and their sockets; this one stays with a new token", async () => {
    const { client, credentials } = await signedInPlayer('pwd');
    const otherBrowser = await newClient();
    expect((await logIn(otherBrowser, credentials)).status).toBe(200);
    const otherSocket = await walletSocket(otherBrowser);
    const ownSocket = await walletSocket(client);
    const otherEnded = new Promise<string>((resolve) => otherSocket.once('disconnect', resolve));
    const oldToken = client.cookie(SESSION_COOKIE)!;

    const response = await client.put('user/changePassword', changeBody(credentials.password, NEW_PASSWORD));
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ message: 'Your password has been changed successfully.' });

    expect(await otherEnded).toBe('io server disconnect');
    expect(errorOf((await otherBrowser.get('user/profile')).body)?.errorCode).toBe(3082);
    // This browser goes on, with a rotated cookie; the token it held before no longer opens anything.
    expect(client.cookie(SESSION_COOKIE)).not.toBe(oldToken);
    expect((await client.get('user/profile')).status).toBe(200);
    expect(ownSocket.connected).toBe(true);
    const stale = await newClient();
    stale.setCookie(SESSION_COOKIE, oldToken);
    expect((await stale.get('user/profile')).status).toBe(401);
    // The new password logs in; the old one no longer does.
    expect((await logIn(await newClient(), { email: credentials.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await logIn(await newClient(), credentials)).status).toBe(400);
  });

  it('needs a signed-in player', async () => {
    expect((await (await newClient()).put('user/changePassword', changeBody(TEST_PASSWORD, NEW_PASSWORD))).status).toBe(401);
  });
});

// ---------------------------------------------------------------- histories and isolation

async function betRound(userId: number, amount: number): Promise<void> {
  const gameId = await anyGameId();
  const roundId = randomUUID();
  await walletCall('bet', { transactionId: randomUUID(), userId, gameId, roundId, coin: 'GC', amount });
  await walletCall('win', { transactionId: randomUUID(), userId, gameId, roundId, coin: 'GC', amount: 0 });
}

describe('the histories', () => {
  it('refuse a start date after the end date with a 400, and allow the same day', async () => {
    const { client } = await signedInClient('his');
    for (const path of ['payment/transactions', 'casino-games/bets']) {
      const reversed = await client.get(path, { startDate: '2026-05-02', endDate: '2026-05-01' });
      expect(reversed.status).toBe(400);
      expect(errorOf(reversed.body)).toMatchObject({ errorCode: 3000, description: 'Start date must not be after end date' });
      expect((await client.get(path, { startDate: '2026-05-01', endDate: '2026-05-01' })).status).toBe(200);
    }
  });
});

describe('a second player', () => {
  it('can read or change nothing of the first: profile, avatar, transactions, bets', async () => {
    const first = await signedInClient('own');
    const second = await signedInClient('own');
    expect((await first.client.put('user/profile', await accountForm())).status).toBe(200);
    const image = (await upload(first.client, await photoWithExif(), 'me.jpg', 'image/jpeg')).body.data!.profileImage;
    await fundPlayer(first.userId, { gc: 10_000 });
    await betRound(first.userId, 5);
    expect((await first.client.post('bonus/daily-bonus')).status).toBe(200);

    // Every call answers the caller's own data; none takes another player's id.
    const profile = (await second.client.get('user/profile')).body.data!;
    expect(profile).toMatchObject({ userId: second.userId, firstName: null, profileImage: null });
    expect((await fetchImage(second.client, image)).status).toBe(404);
    expect((await second.client.get('payment/transactions', { actionType: 'bonus' })).body.data).toEqual({ rows: [], count: 0 });
    expect((await second.client.get('casino-games/bets')).body.data).toEqual({ rows: [], count: 0 });
    expect((await second.client.get('casino-games/bets', { userId: first.userId })).body.data).toEqual({ rows: [], count: 0 });
    // The second player's update changes their own profile only.
    expect((await second.client.put('user/profile', await accountForm({ firstName: 'Other', userId: first.userId }))).status).toBe(200);
    expect((await first.client.get('user/profile')).body.data).toMatchObject({ firstName: 'Jane', profileImage: image });
    expect((await first.client.get('payment/transactions', { actionType: 'bonus' })).body.data!.count).toBe(1);
    expect((await first.client.get('casino-games/bets')).body.data!.count).toBe(1);
  });
});
