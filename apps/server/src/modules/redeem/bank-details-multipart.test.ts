import { describe, expect, it } from 'vitest';
import { testServer } from '../../test/harness.js';
import type { TestClient } from '../../test/http-client.js';
import { linkInWidget, redeemingPlayer } from './redeem-helpers.js';

/** PUT /payment/bank-details as the seed's client sends it: multipart/form-data. */
async function putMultipart(client: TestClient, fields: Record<string, string>) {
  const { baseUrl } = await testServer();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${baseUrl}/api/v1/payment/bank-details`, {
    method: 'PUT',
    headers: { origin: baseUrl, cookie: client.cookieHeader() },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: { source_id: number; lbacc: string };
      message?: string;
      errors?: { errorCode: number; description: string }[];
    },
  };
}

describe('PUT /payment/bank-details sent as multipart/form-data (seed 001 section 7)', () => {
  it("links the account with the seed's success text", async () => {
    const player = await redeemingPlayer(0);
    const reference = await linkInWidget(player.client);
    const saved = await putMultipart(player.client, { accountReference: reference });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Your bank details have been saved successfully.');
    expect(saved.body.data).toMatchObject({ lbacc: '1234', is_primary: true });
    const list = (await player.client.get('payment/get-funding-source')).body.data as { list: { source_id: number }[] };
    expect(list.list.map((source) => source.source_id)).toEqual([saved.body.data!.source_id]);
  });

  it("refuses a forged reference with the seed's failure text, and a form without one with 400", async () => {
    const player = await redeemingPlayer(0);
    const forged = await putMultipart(player.client, { accountReference: 'pn_acct_forged.xxxxxxxxxxxxxxxxxxxxxx' });
    expect(forged.status).toBe(400);
    expect(forged.body.errors?.[0]).toMatchObject({
      errorCode: 3708,
      description: 'Oops! Something went wrong while saving your bank details. Please try again.',
    });
    const empty = await putMultipart(player.client, { other: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.errorCode).toBe(3000);
  });

  it('keeps JSON working', async () => {
    const player = await redeemingPlayer(0);
    const reference = await linkInWidget(player.client);
    const saved = await player.client.put('payment/bank-details', { accountReference: reference });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Your bank details have been saved successfully.');
  });
});
