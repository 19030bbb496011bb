import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';

describe('GET /api/v1/user/site-config', () => {
  it('serves the seeded key/value list in the success envelope', async () => {
    const client = await newClient();
    const response = await client.get('user/site-config');
    expect(response.status).toBe(200);
    const list = (response.body.data as { list: { key: string; value: string }[] }).list;
    expect(list).toEqual(expect.arrayContaining([{ key: 'GEOLOCATION_MODE', value: 'sandbox' }]));
    expect(list.map((item) => item.key)).toEqual([...list.map((item) => item.key)].sort());
  });
});
