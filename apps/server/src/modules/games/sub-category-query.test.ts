import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';

describe('GET /casino-games/sub-category with an empty providerId (as the seed client sends it)', () => {
  it('answers as if no provider were given', async () => {
    const client = await newClient();
    const plain = await client.get('casino-games/sub-category');
    const empty = await client.get('casino-games/sub-category', { providerId: '' });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(plain.body);
  });

  it('still refuses a providerId that is not a number', async () => {
    const response = await (await newClient()).get('casino-games/sub-category', { providerId: 'abc' });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.errorCode).toBe(3000);
  });
});
