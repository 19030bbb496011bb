import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playerSsns } from '../../db/schema/index.js';
import { createSealedBox } from '../../lib/secret-box.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { signedInClient } from '../../test/signed-in.js';
import { SSN_SEAL_PURPOSE, ssnSealSubject } from './ssn-service.js';

async function storedRow(userId: number) {
  const { database } = await testServer();
  const [row] = await database.db.select().from(playerSsns).where(eq(playerSsns.userId, userId));
  return row;
}

describe('POST /kyc/update-ssn', () => {
  it('saves the number sealed, and answers only its last four digits', async () => {
    const { client, userId } = await signedInClient('ssn');
    const saved = await client.post('kyc/update-ssn', { ssn: '123-45-6789' });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Your social security number has been saved.');
    expect(saved.body.data).toEqual({ ssnLastFour: '6789', ssnMasked: '***-**-6789' });
    expect(JSON.stringify(saved.body)).not.toContain('12345');

    const row = await storedRow(userId);
    expect(row?.lastFour).toBe('6789');
    expect(row?.ssnSealed).toMatch(/^v1\./);
    expect(row?.ssnSealed).not.toContain('123456789');
    const { config } = await testServer();
    const box = createSealedBox(config.personalDataKey, SSN_SEAL_PURPOSE);
    expect(box.open(row!.ssnSealed, ssnSealSubject(userId))).toBe('123456789');
    // Bound to its player: moved to another player's row, it does not open.
    expect(() => box.open(row!.ssnSealed, ssnSealSubject(userId + 1))).toThrow();
  });

  it('replaces the number on file with a new one', async () => {
    const { client, userId } = await signedInClient('ssn');
    expect((await client.post('kyc/update-ssn', { ssn: '123456789' })).status).toBe(200);
    const replaced = await client.post('kyc/update-ssn', { ssn: '987654321' });
    expect(replaced.body.data).toEqual({ ssnLastFour: '4321', ssnMasked: '***-**-4321' });
    expect((await storedRow(userId))?.lastFour).toBe('4321');
  });

  it.each([
    [{ ssn: '' }, 'Social security number is required'],
    [{}, 'Social security number is required'],
    [{ ssn: '12345678' }, 'Social security number must be exactly 9 digits'],
    [{ ssn: '1234567890' }, 'Social security number must be exactly 9 digits'],
    [{ ssn: '12345678a' }, 'Social security number must be exactly 9 digits'],
  ])('refuses %o with "%s" and keeps nothing', async (body, message) => {
    const { client, userId } = await signedInClient('ssn');
    const refused = await client.post('kyc/update-ssn', body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]).toMatchObject({ errorCode: 3000, description: message });
    expect(await storedRow(userId)).toBeUndefined();
  });

  it('needs a signed-in player', async () => {
    const response = await (await newClient()).post('kyc/update-ssn', { ssn: '123456789' });
    expect(response.status).toBe(401);
  });
});
