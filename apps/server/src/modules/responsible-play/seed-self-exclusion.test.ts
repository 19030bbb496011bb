import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { logIn, TEST_PASSWORD } from '../auth/test-players.js';
import { playerWithPassword, setting } from './test-support.js';

const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; description: string; details?: { until: string | null } }[] }).errors?.[0];

describe("the seed's self-exclusion payload (selfExclusion 'yes' with the password, no period)", () => {
  it('excludes the player indefinitely and logs them out', async () => {
    const player = await playerWithPassword();
    const excluded = await setting(player.client, { selfExclusion: 'yes' });
    expect(excluded.status).toBe(200);
    expect(excluded.body.data).toMatchObject({ isUpdated: true, selfExcluded: true, timebreak: false });
    expect((excluded.body.data as { message: string }).message).toBe('You have self-excluded indefinitely. You have been logged out.');
    expect((await player.client.get('user/profile')).status).toBe(401);

    const login = await logIn(await newClient(), { email: player.email, password: TEST_PASSWORD });
    expect(errorOf(login)).toMatchObject({
      errorCode: 3750,
      description: 'You have self-excluded indefinitely.',
      details: { until: null },
    });
  });

  it('keeps the explicit period as an option', async () => {
    const player = await playerWithPassword();
    const excluded = await setting(player.client, { selfExclusion: 'yes', selfExclusionPeriod: 'SIX_MONTHS' });
    expect(excluded.status).toBe(200);
    expect((excluded.body.data as { message: string }).message).toMatch(/^You have self-excluded until \d\d\/\d\d\/\d{4} /);
  });
});
