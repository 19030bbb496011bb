import { randomInt } from 'node:crypto';
import { newClient } from '../../test/api.js';
import type { TestClient } from '../../test/http-client.js';

/**
 * Phones for tests: a number no other test uses (a fresh 201-555-0123 style number per call,
 * valid under the seed's pattern), and the newest code the sandbox SMS outbox holds for it.
 */
let next = randomInt(0, 9_000_000);
export function uniquePhone(): string {
  next = (next + 7919) % 10_000_000;
  const rest = String(next).padStart(7, '0');
  // Area code 2xx-9xx and exchange 2xx-9xx (North American numbering).
  return `${200 + (next % 700)}-${2 + (Number(rest.slice(0, 1)) % 8)}${rest.slice(1, 3)}-${rest.slice(3)}`;
}

export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

export async function latestCode(phone: string): Promise<string> {
  const client = await newClient();
  const response = await client.get<{ data: { rows: { body: string }[] } }>('dev/sms', { to: digitsOf(phone) });
  const match = /\b(\d{6})\b/.exec(response.body.data.rows[0]?.body ?? '');
  if (!match?.[1]) throw new Error(`no code was sent to ${phone}`);
  return match[1];
}

/** Asks for a code and verifies it: the player's phone is verified. */
export async function verifyPhone(client: TestClient, phone = uniquePhone()): Promise<string> {
  const sent = await client.post('user/phone', { phone, code: 1 });
  if (sent.status !== 200) throw new Error(`POST /user/phone answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const verified = await client.post('user/phoneVerify', { phone, code: 1, otp: await latestCode(phone) });
  if (verified.status !== 200) throw new Error(`POST /user/phoneVerify answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return phone;
}
