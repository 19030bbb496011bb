import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { signedInClient } from '../../test/signed-in.js';
import type { ApiBody } from '../../test/http-client.js';
import { PHONE_OTP_RULES } from './phone-service.js';
import { digitsOf, latestCode, uniquePhone } from './test-phones.js';

async function profileOf(client: Awaited<ReturnType<typeof signedInClient>>['client']) {
  const response = await client.get<{ data: { phone: string | null; phoneVerified: boolean } }>('user/profile');
  return response.body.data;
}

/** A code that is not the one sent (same length). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function db() {
  return (await testServer()).database.db;
}

describe('phone verification (POST /user/phone, /user/phoneVerify)', () => {
  it('sends a 6-digit code by SMS, keeps only its hash, and verifies the number with it', async () => {
    const { client, userId } = await signedInClient('ph');
    const phone = uniquePhone();
    const sent = await client.post('user/phone', { phone, code: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('OTP Sent successfully!');
    expect(sent.body.data).toEqual({ resendAfterSeconds: PHONE_OTP_RULES.resendSeconds, expiresInSeconds: PHONE_OTP_RULES.expirySeconds });
    const code = await latestCode(phone);
    expect(code).toMatch(/^\d{6}$/);

    const [stored] = await queryRows<Record<string, unknown>>(
      await db(),
      sql`select * from phone_otp_challenges where user_id = ${userId}`,
    );
    expect(JSON.stringify(stored)).not.toContain(code);

    const verified = await client.post('user/phoneVerify', { phone, code: 1, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('OTP verified successfully');
    expect(await profileOf(client)).toMatchObject({ phone: digitsOf(phone), phoneVerified: true });
    // The code is single-use.
    const again = await client.post('user/phoneVerify', { phone, code: 1, otp: code });
    expect(again.body.errors?.[0]?.errorCode).toBe(3734);
  });

  it("refuses a number outside the seed's pattern and a code that is not 6 digits, with the seed's messages", async () => {
    const { client } = await signedInClient('ph');
    for (const phone of ['12345', '(123) 456-7890', '555-12-34567', '20155501234']) {
      const response = await client.post('user/phone', { phone, code: 1 });
      expect(response.status, phone).toBe(400);
      expect(response.body.errors?.[0]?.description).toBe('Please enter a valid phone number');
    }
    const otp = await client.post('user/phoneVerify', { phone: uniquePhone(), code: 1, otp: '12a45' });
    expect(otp.body.errors?.[0]?.description).toBe('Please enter a 6-digit OTP');
  });

  it('refuses the right code too after too many wrong ones: the code cannot be guessed within its attempts', async () => {
    const { client } = await signedInClient('ph');
    const phone = uniquePhone();
    await client.post('user/phone', { phone, code: 1 });
    const code = await latestCode(phone);
    const answers: ApiBody[] = [];
    for (let i = 0; i < PHONE_OTP_RULES.maxAttempts; i += 1) {
      answers.push((await client.post('user/phoneVerify', { phone, code: 1, otp: wrong(code) })).body);
    }
    expect(answers.map((body) => body.errors?.[0]?.errorCode)).toEqual([3730, 3730, 3730, 3730, 3732]);
    expect(answers[0]?.errors?.[0]?.details).toEqual({ attemptsLeft: PHONE_OTP_RULES.maxAttempts - 1 });
    const right = await client.post('user/phoneVerify', { phone, code: 1, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.errors?.[0]?.errorCode).toBe(3732);
    expect((await profileOf(client)).phoneVerified).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { client, userId } = await signedInClient('ph');
    const phone = uniquePhone();
    await client.post('user/phone', { phone, code: 1 });
    await (await db()).execute(sql`update phone_otp_challenges set expires_at = now() - interval '1 second' where user_id = ${userId}`);
    const response = await client.post('user/phoneVerify', { phone, code: 1, otp: await latestCode(phone) });
    expect(response.body.errors?.[0]).toMatchObject({ errorCode: 3731, description: 'The OTP has expired. Please request a new one.' });
    expect((await profileOf(client)).phoneVerified).toBe(false);
  });

  it('sends a new code only after the resend delay, and the new code replaces the old one', async () => {
    const { client, userId } = await signedInClient('ph');
    const phone = uniquePhone();
    await client.post('user/phone', { phone, code: 1 });
    const first = await latestCode(phone);
    const early = await client.post('user/phone', { phone, code: 1 });
    expect(early.status).toBe(429);
    expect(early.body.errors?.[0]?.errorCode).toBe(3733);
    const details = early.body.errors?.[0]?.details as { retryAfterSeconds: number };
    expect(details.retryAfterSeconds).toBeGreaterThan(0);
    expect(details.retryAfterSeconds).toBeLessThanOrEqual(PHONE_OTP_RULES.resendSeconds);

    await (
      await db()
    ).execute(
      sql`update phone_otp_challenges set sent_at = now() - ${PHONE_OTP_RULES.resendSeconds + 1}::int * interval '1 second' where user_id = ${userId}`,
    );
    expect((await client.post('user/phone', { phone, code: 1 })).status).toBe(200);
    const second = await latestCode(phone);
    if (second !== first) {
      expect((await client.post('user/phoneVerify', { phone, code: 1, otp: first })).body.errors?.[0]?.errorCode).toBe(3730);
    }
    expect((await client.post('user/phoneVerify', { phone, code: 1, otp: second })).status).toBe(200);
  });

  it('accepts a code only for the number it was sent to, and only from the player it was sent for', async () => {
    const first = await signedInClient('ph');
    const other = await signedInClient('ph');
    const phone = uniquePhone();
    await first.client.post('user/phone', { phone, code: 1 });
    const code = await latestCode(phone);
    expect((await first.client.post('user/phoneVerify', { phone: uniquePhone(), code: 1, otp: code })).body.errors?.[0]?.errorCode).toBe(
      3734,
    );
    expect((await other.client.post('user/phoneVerify', { phone, code: 1, otp: code })).body.errors?.[0]?.errorCode).toBe(3734);
    expect((await profileOf(other.client)).phoneVerified).toBe(false);
  });

  it('refuses a number another player verified, when asking for a code and when verifying one', async () => {
    const first = await signedInClient('ph');
    const second = await signedInClient('ph');
    const phone = uniquePhone();
    // Both ask before either verifies; the first verifies.
    await first.client.post('user/phone', { phone, code: 1 });
    const firstCode = await latestCode(phone);
    await second.client.post('user/phone', { phone, code: 1 });
    const secondCode = await latestCode(phone);
    expect((await first.client.post('user/phoneVerify', { phone, code: 1, otp: firstCode })).status).toBe(200);

    const late = await second.client.post('user/phoneVerify', { phone, code: 1, otp: secondCode });
    expect(late.status).toBe(409);
    expect(late.body.errors?.[0]).toMatchObject({
      errorCode: 3735,
      description: 'This phone number is already verified on another account.',
    });
    const ask = await (await signedInClient('ph')).client.post('user/phone', { phone, code: 1 });
    expect(ask.body.errors?.[0]?.errorCode).toBe(3735);
    expect(await profileOf(second.client)).toMatchObject({ phoneVerified: false });
  });

  it('refuses a new code once the player verified a phone', async () => {
    const { client } = await signedInClient('ph');
    const phone = uniquePhone();
    await client.post('user/phone', { phone, code: 1 });
    await client.post('user/phoneVerify', { phone, code: 1, otp: await latestCode(phone) });
    expect((await client.post('user/phone', { phone: uniquePhone(), code: 1 })).body.errors?.[0]?.errorCode).toBe(3736);
  });

  it('reports a number the SMS vendor cannot reach, and holds no resend delay for it', async () => {
    const { client } = await signedInClient('ph');
    const refused = await client.post('user/phone', { phone: '500-555-0001', code: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.errorCode).toBe(3737);
    const phone = uniquePhone();
    expect((await client.post('user/phone', { phone, code: 1 })).status).toBe(200);
  });

  it('shows the sandbox SMS outbox as a page at /dev/sms, with the number and the code', async () => {
    const { client } = await signedInClient('ph');
    const phone = uniquePhone();
    await client.post('user/phone', { phone, code: 1 });
    const code = await latestCode(phone);
    const { baseUrl } = await testServer();
    const response = await fetch(`${baseUrl}/dev/sms`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('Sandbox SMS');
    expect(page).toContain(`+1${digitsOf(phone)}`);
    expect(page).toContain(`Your Lucky Crown verification code is ${code}.`);
  });

  it('needs a session', async () => {
    const anonymous = await newClient();
    expect((await anonymous.post('user/phone', { phone: uniquePhone(), code: 1 })).status).toBe(401);
  });
});

describe.runIf(process.env.DATABASE_URL)('phone verification races (PostgreSQL)', () => {
  it('lets exactly one of two players verify the same number at the same time', async () => {
    for (let round = 0; round < 5; round += 1) {
      const players = await Promise.all([signedInClient('rc'), signedInClient('rc')]);
      const phone = uniquePhone();
      const codes: string[] = [];
      for (const player of players) {
        await player.client.post('user/phone', { phone, code: 1 });
        codes.push(await latestCode(phone));
      }
      const answers = await Promise.all(
        players.map((player, i) => player.client.post('user/phoneVerify', { phone, code: 1, otp: codes[i] })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.errors?.[0]?.errorCode).toBe(3735);
      const [{ count }] = (await queryRows<{ count: number }>(
        await db(),
        sql`select count(*)::int as count from users where phone = ${digitsOf(phone)} and phone_verified`,
      )) as [{ count: number }];
      expect(count).toBe(1);
    }
  });
});
