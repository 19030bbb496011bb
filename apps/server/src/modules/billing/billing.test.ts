import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../../money/ledger/test-players.js';
import { newClient } from '../../test/api.js';

interface StateRow {
  state_id: number;
  name: string;
  stateCode: string;
}

async function california(): Promise<StateRow> {
  const client = await newClient();
  const rows = (await client.get('details/state')).body.data!.rows as StateRow[];
  return rows.find((row) => row.stateCode === 'CA')!;
}

const valid = (state: number) => ({
  firstName: 'Jane',
  lastName: 'Player',
  dateOfBirth: '1990-04-12',
  addressLine_1: '1 Market Street',
  addressLine_2: '',
  state: String(state),
  city: 'San Francisco',
  zipCode: '94105',
  country: '199',
  skipCheck: true,
});

describe('states and cities', () => {
  it('lists the 50 states and DC from the data set, and the cities of one', async () => {
    const client = await newClient();
    const states = (await client.get('details/state')).body.data!.rows as StateRow[];
    expect(states).toHaveLength(51);
    expect(states.map((row) => row.stateCode)).toEqual(expect.arrayContaining(['AL', 'CA', 'DC', 'NY', 'WY']));
    expect(states.map((row) => row.name)).not.toContain('Guam');
    const ca = await california();
    const cities = (await client.get('details/city', { stateId: ca.state_id })).body.data!.rows as { name: string }[];
    expect(cities.length).toBeGreaterThan(500);
    expect(cities.map((city) => city.name)).toEqual(expect.arrayContaining(['Los Angeles', 'San Francisco', 'Sacramento']));
    expect((await client.get('details/city', { stateId: 999_999 })).status).toBe(404);
  });
});

describe('PUT /user/profile from the billing-details step', () => {
  it('saves the details, which the profile then shows, with the seed message', async () => {
    const { client } = await signedInPlayer();
    const ca = await california();
    const response = await client.put('user/profile', valid(ca.state_id));
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated successfully.');
    const profile = (await client.get('user/profile')).body.data;
    expect(profile).toMatchObject({
      dateOfBirth: '1990-04-12',
      addressLine_1: '1 Market Street',
      city: 'San Francisco',
      state: String(ca.state_id),
      zipCode: '94105',
    });
  });

  it.each([
    [{ zipCode: '9410' }, 'Must be exactly 5 digits'],
    [{ zipCode: '94a05' }, 'Must be only digits'],
    [{ zipCode: '' }, 'Zip Code is required'],
    [{ addressLine_1: ' 1 Market' }, 'Address1 must not start with a space'],
    [{ addressLine_1: 'ab' }, 'Address1 must be at-least 3 characters'],
    [{ city: ' Oakland' }, 'City must not start with a space'],
    [{ firstName: 'Jo' }, 'First Name must be at-least 3 characters'],
    [{ lastName: 'Pl4yer' }, 'Only Characters are allowed'],
    [{ dateOfBirth: '' }, 'Date of birth is required'],
    [{ dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` }, 'You must be at least 18 years old'],
    [{ state: '' }, 'State is required'],
    [{ state: '999999' }, 'State is required'],
    [{ city: 'Springfield Nowhere' }, 'City is required'],
  ])('refuses %o with "%s"', async (change, message) => {
    const { client } = await signedInPlayer();
    const ca = await california();
    const response = await client.put('user/profile', { ...valid(ca.state_id), ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.description).toBe(message);
  });

  it('needs a signed-in player', async () => {
    const ca = await california();
    expect((await (await newClient()).put('user/profile', valid(ca.state_id))).status).toBe(401);
  });
});
