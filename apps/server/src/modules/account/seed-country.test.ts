import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { signedInClient } from '../../test/signed-in.js';

async function californiaId(): Promise<number> {
  const rows = (await (await newClient()).get('details/state')).body.data!.rows as { state_id: number; stateCode: string }[];
  return rows.find((row) => row.stateCode === 'CA')!.state_id;
}

async function profileForm(country: unknown) {
  return {
    firstName: 'Jane',
    lastName: 'Player',
    dateOfBirth: '1990-04-12',
    addressLine_1: '1 Market Street',
    addressLine_2: '',
    state: String(await californiaId()),
    city: 'San Francisco',
    zipCode: '94105',
    gender: 'female',
    country,
  };
}

describe('PUT /user/profile country (the completion form sends country fixed at 199, as a number)', () => {
  it.each([199, '199'])('accepts country %o and keeps it as "199"', async (country) => {
    const { client } = await signedInClient('ctry');
    const saved = await client.put('user/profile', await profileForm(country));
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Profile updated successfully.');
    expect((await client.get('user/profile')).body.data).toMatchObject({ country: '199' });
  });

  it('accepts the numeric form from the billing-details step (skipCheck true) too', async () => {
    const { client } = await signedInClient('ctry');
    const saved = await client.put('user/profile', { ...(await profileForm(199)), skipCheck: true });
    expect(saved.status).toBe(200);
    expect((await client.get('user/profile')).body.data).toMatchObject({ country: '199' });
  });

  it.each([true, 1.5, -1])('still refuses country %o', async (country) => {
    const { client } = await signedInClient('ctry');
    const saved = await client.put('user/profile', await profileForm(country));
    expect(saved.status).toBe(400);
    expect(saved.body.errors?.[0]?.errorCode).toBe(3000);
  });
});
