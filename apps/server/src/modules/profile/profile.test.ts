import { playerProfileSchema } from '@casino/contracts/profile';
import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { logIn, signedInPlayer } from '../auth/test-players.js';

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

  it('is exactly the contracts read model: account, wallet and bonus parts, nothing untyped', async () => {
    const { client } = await signedInPlayer('prof');
    const response = await client.get('user/profile');
    const profile = playerProfileSchema.parse(response.body.data);
    // Every field the server sends is one the schema names (parse drops unknown keys).
    expect(Object.keys(response.body.data!).sort()).toEqual(Object.keys(profile).sort());
    expect(profile).toMatchObject({
      userWallet: { gcCoin: 0, totalScCoin: 0, scCoin: { wsc: 0, bsc: 0, psc: 0 } },
      isDailyBonusClaimed: false,
      isWelcomeBonusClaimed: false,
      isWelcomeBonusAllowed: true,
    });
  });

  it('follows the wallet and the bonuses: after both claims the flags and balances change', async () => {
    const { client } = await signedInPlayer('prof');
    expect((await client.post('bonus/daily-bonus')).status).toBe(200);
    expect((await client.post('bonus/welcome-bonus')).status).toBe(200);
    const profile = playerProfileSchema.parse((await client.get('user/profile')).body.data);
    expect(profile).toMatchObject({
      userWallet: { gcCoin: 11_000, totalScCoin: 2.5, scCoin: { wsc: 0, bsc: 2.5, psc: 0 } },
      isDailyBonusClaimed: true,
      isWelcomeBonusClaimed: true,
      isWelcomeBonusAllowed: true,
    });
  });

  it('is what login answers, so the web app parses both with one schema', async () => {
    const { credentials } = await signedInPlayer('prof');
    const client = await newClient();
    const login = await logIn(client, credentials);
    expect(login.status).toBe(200);
    const profile = await client.get('user/profile');
    expect(playerProfileSchema.parse(login.body.data)).toEqual(playerProfileSchema.parse(profile.body.data));
  });

  it('is refused without a session', async () => {
    expect((await (await newClient()).get('user/profile')).status).toBe(401);
  });
});
