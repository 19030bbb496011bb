import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { signedInPlayer } from '../auth/test-players.js';

describe('GET /user/profile', () => {
  it('returns the account fields of seed 000 section 3 and seed 001 section 3, and no secret', async () => {
    const { client, credentials, userId } = await signedInPlayer('prof');
    const response = await client.get('user/profile');
    expect(response.status).toBe(200);
    const data = response.body.data!;
    expect(data).toMatchObject({
      userId,
      username: credentials.userName,
      email: credentials.email,
      emailVerified: true,
      phoneVerified: false,
      kycStatus: 'pending',
      kycRegistrationFlag: false,
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      addressLine_1: null,
      zipCode: null,
      moreDetails: { browser: 'vitest', platform: 'web' },
      signInIp: expect.any(String),
    });
    expect(Date.parse(String(data.registrationDate))).not.toBeNaN();
    expect(JSON.stringify(data)).not.toMatch(/password_?hash|\$argon2/i);
  });

  it('is refused without a session', async () => {
    expect((await (await newClient()).get('user/profile')).status).toBe(401);
  });
});
